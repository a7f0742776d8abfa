"""Text classification data module built on torch.utils.data DataPipes."""
import functools
import random

import torch
import torch.nn as nn
import torch.nn.functional as F
from torch.utils.data.datapipes.iter import IterableWrapper

WORDS = "the a model data loss train eval token batch shuffle epoch grad layer norm".split()


def pad_collate(batch, pad_id):
    ids = [item["ids"] for item in batch]
    out = torch.full((len(ids), max(len(x) for x in ids)), pad_id, dtype=torch.long)
    for i, x in enumerate(ids):
        out[i, :len(x)] = torch.tensor(x)
    return out, torch.tensor([item["label"] for item in batch])


def non_empty(record):
    return bool(record["text"].strip())


class TextDataModule:
    def __init__(self, records, batch_size=8, max_len=12, lowercase=True):
        self.records = records
        self.batch_size = batch_size
        self.max_len = max_len
        self.lowercase = lowercase
        self.vocab = {"<pad>": 0, "<unk>": 1}
        self.train_pipe = None

    def setup(self, split_seed=0):
        for rec in self.records:
            for tok in self._tokenize(rec["text"]):
                self.vocab.setdefault(tok, len(self.vocab))
        pipe = IterableWrapper(self.records)
        pipe = pipe.shuffle(buffer_size=32)
        pipe = pipe.filter(non_empty)
        pipe = pipe.map(self._encode)  # cycle
        pipe = pipe.batch(self.batch_size)  # cycle
        pipe = pipe.collate(functools.partial(pad_collate, pad_id=self.vocab["<pad>"]))  # cycle
        self.train_pipe = pipe  # cycle

    def _tokenize(self, text):
        text = text.lower() if self.lowercase else text
        return text.split()[:self.max_len]

    def _encode(self, record):
        ids = [self.vocab.get(t, 1) for t in self._tokenize(record["text"])]
        return {"ids": ids, "label": record["label"]}

    def train_dataloader(self):
        return self.train_pipe


class BagOfEmbeddings(nn.Module):
    def __init__(self, vocab_size, dim, num_classes):
        super().__init__()
        self.emb = nn.EmbeddingBag(vocab_size, dim, mode="mean", padding_idx=0)
        self.out = nn.Linear(dim, num_classes)

    def forward(self, ids):
        return self.out(self.emb(ids))


def synthetic_records(n, seed):
    rng = random.Random(seed)
    recs = []
    for _ in range(n):
        words = rng.choices(WORDS, k=rng.randint(0, 10))
        recs.append({"text": " ".join(words), "label": int("loss" in words)})
    return recs


def main():
    for fold in range(2):
        dm = TextDataModule(synthetic_records(48, seed=fold))
        dm.setup(split_seed=fold)
        model = BagOfEmbeddings(len(dm.vocab), 16, 2)
        opt = torch.optim.Adam(model.parameters(), lr=1e-2)
        for epoch in range(2):
            for ids, labels in dm.train_dataloader():
                loss = F.cross_entropy(model(ids), labels)
                opt.zero_grad()
                loss.backward()
                opt.step()


if __name__ == "__main__":
    main()
