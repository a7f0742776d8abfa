"""Bag-of-tokens classifier trained on packed batches, one run per vocabulary size."""
import random

import torch
import torch.nn as nn
from torch.utils.data import DataLoader, Dataset

from packing import PackedCollator


class SyntheticReviews(Dataset):
    def __init__(self, n, vocab, seed):
        rng = random.Random(seed)
        self.items = []
        for _ in range(n):
            label = rng.randrange(2)
            length = rng.randint(3, 20)
            lo = 0 if label == 0 else vocab // 2
            self.items.append({"tokens": [rng.randrange(lo, lo + vocab // 2) for _ in range(length)],
                               "label": label})

    def __len__(self):
        return len(self.items)

    def __getitem__(self, idx):
        return self.items[idx]


class BagClassifier(nn.Module):
    def __init__(self, vocab, dim):
        super().__init__()
        self.bag = nn.EmbeddingBag(vocab, dim, mode="mean")
        self.out = nn.Linear(dim, 2)

    def forward(self, tokens, offsets):
        return self.out(self.bag(tokens, offsets))


def run(vocab, steps=6):
    data = SyntheticReviews(48, vocab, seed=vocab)
    loader = DataLoader(data, batch_size=8, shuffle=True, collate_fn=PackedCollator())
    model = BagClassifier(vocab, 16)
    opt = torch.optim.Adam(model.parameters(), lr=1e-2)
    for step, (tokens, offsets, labels) in enumerate(loader):
        loss = nn.functional.cross_entropy(model(tokens, offsets), labels)
        opt.zero_grad()
        loss.backward()
        opt.step()
        if step + 1 == steps:
            break
    return loss.item()


def main():
    for vocab in (64, 128):
        print("vocab %d final loss %.3f" % (vocab, run(vocab)))


if __name__ == "__main__":
    main()
