"""Word-level chat tokenizer that reads JSON-lines conversations and applies a chat template."""
import json
from dataclasses import dataclass

import torch

SPECIALS = ("<pad>", "<bos>", "<eos>", "<|user|>", "<|assistant|>", "<unk>")


@dataclass
class Message:
    role: str
    content: str
    ids: list


class ChatTokenizer:
    def __init__(self, corpus_words, max_len=24):
        self.itos = list(SPECIALS) + sorted(set(corpus_words))
        self.stoi = {w: i for i, w in enumerate(self.itos)}
        self.max_len = max_len
        self._decoder = json.JSONDecoder(object_hook=self._to_message)  # cycle

    def __len__(self):
        return len(self.itos)

    def encode(self, text):
        unk = self.stoi["<unk>"]
        return [self.stoi.get(w, unk) for w in text.lower().split()]

    def _to_message(self, obj):
        if "role" in obj and "content" in obj:
            return Message(obj["role"], obj["content"], self.encode(obj["content"]))
        return obj

    def parse_jsonl(self, text):
        conversations, pos = [], 0
        while pos < len(text):
            while pos < len(text) and text[pos].isspace():
                pos += 1
            if pos >= len(text):
                break
            record, pos = self._decoder.raw_decode(text, pos)
            conversations.append(record["messages"])
        return conversations

    def apply_chat_template(self, messages):
        ids = [self.stoi["<bos>"]]
        for m in messages:
            ids.append(self.stoi["<|user|>"] if m.role == "user" else self.stoi["<|assistant|>"])
            ids.extend(m.ids)
        ids.append(self.stoi["<eos>"])
        ids = ids[: self.max_len]
        return ids + [self.stoi["<pad>"]] * (self.max_len - len(ids))

    def batch(self, conversations):
        return torch.tensor([self.apply_chat_template(c) for c in conversations])
