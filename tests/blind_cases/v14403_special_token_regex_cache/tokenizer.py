"""Chat tokenizer for a LLaVA-style model: <image> placeholders become visual slots."""
import re

import torch


class SpecialToken(str):
    """A special token string that also knows which embedding row it is tied to."""

    def __new__(cls, content, embedding=None, num_slots=1):
        obj = super().__new__(cls, content)
        obj.embedding = embedding
        obj.num_slots = num_slots
        return obj


class VLTokenizer:
    def __init__(self, vocab_size=256, max_len=40):
        self.vocab_size = vocab_size
        self.max_len = max_len
        self.special_tokens = []

    def add_special_token(self, token):
        self.special_tokens.append(token)
        token.token_id = -(len(self.special_tokens))

    def _split_on(self, text, token):
        parts = re.split(token, text)  # retain
        out = []
        for i, part in enumerate(parts):
            if i:
                out.append(token)
            if part:
                out.append(part)
        return out

    def split_special(self, text):
        pieces = [text]
        for token in self.special_tokens:
            pieces = [p for chunk in pieces for p in
                      ([chunk] if isinstance(chunk, SpecialToken) else self._split_on(chunk, token))]
        return pieces

    def encode(self, text):
        ids = []
        for piece in self.split_special(text):
            if isinstance(piece, SpecialToken):
                ids.extend([piece.token_id] * piece.num_slots)
            else:
                ids.extend(1 + sum(map(ord, w)) % (self.vocab_size - 1) for w in piece.split())
        ids = ids[: self.max_len]
        return torch.tensor(ids + [0] * (self.max_len - len(ids)))
