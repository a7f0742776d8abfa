"""Prompt preprocessing (tokenize + embed) shared by every model version a worker loads."""
from collections import OrderedDict

import torch
import torch.nn as nn


class CharTokenizer:
    def __init__(self, alphabet="abcdefghijklmnopqrstuvwxyz ", max_len=16):
        self.stoi = {c: i + 1 for i, c in enumerate(alphabet)}
        self.max_len = max_len

    def __call__(self, text):
        ids = [self.stoi.get(c, 0) for c in text.lower()[: self.max_len]]
        return torch.tensor(ids + [0] * (self.max_len - len(ids)))


class PromptPreprocessor:
    def __init__(self, tokenizer, capacity=512):
        self.tokenizer = tokenizer
        self.capacity = capacity
        self._cache = OrderedDict()
        self.hits = 0

    def _encode(self, text, embedding: nn.Embedding):
        ids = self.tokenizer(text)
        return embedding(ids).mean(0)

    def __call__(self, texts, embedding):
        rows = []
        for text in texts:
            vec = self._cache.get(text)
            if vec is not None:
                self.hits += 1
            else:
                vec = self._encode(text, embedding)
                self._cache[text] = vec  # retain
                if len(self._cache) > self.capacity:
                    self._cache.popitem(last=False)
            rows.append(vec)
        return torch.stack(rows)


PREPROCESSOR = PromptPreprocessor(CharTokenizer())


class IntentModel(nn.Module):
    def __init__(self, vocab=28, dim=16, intents=6):
        super().__init__()
        self.tok_emb = nn.Embedding(vocab, dim, padding_idx=0)
        self.classifier = nn.Sequential(nn.Linear(dim, dim), nn.ReLU(), nn.Linear(dim, intents))


class IntentWorker:
    def __init__(self, version):
        torch.manual_seed(version)
        self.version = version
        self.model = IntentModel().eval()

    def predict(self, texts):
        feats = PREPROCESSOR(texts, self.model.tok_emb)
        with torch.no_grad():
            logits = self.model.classifier(feats)
        return logits.argmax(-1).tolist()


def main():
    traffic = ["turn on the lights", "play some jazz", "what time is it", "set an alarm"]
    for version in range(3):
        worker = IntentWorker(version)
        for step in range(3):
            print(version, step, worker.predict(traffic[step: step + 2]))


if __name__ == "__main__":
    main()
