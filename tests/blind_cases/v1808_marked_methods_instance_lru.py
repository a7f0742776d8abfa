"""Character-level dataset whose expensive methods get per-instance caches."""
import functools
import inspect

import torch
import torch.nn as nn
import torch.nn.functional as F


def instance_cached(maxsize=128):
    """Marks a method; CachedMethodsMixin gives every instance its own cache for it."""
    def mark(fn):
        fn.__instance_cache_size__ = maxsize
        return fn
    return mark


class CachedMethodsMixin:
    def _bind_method_caches(self):
        for name, fn in inspect.getmembers(type(self), inspect.isfunction):
            size = getattr(fn, "__instance_cache_size__", None)
            if size is not None:
                setattr(self, name, functools.lru_cache(maxsize=size)(getattr(self, name)))  # cycle

    def cache_report(self):
        return {name: getattr(self, name).cache_info().hits
                for name, fn in inspect.getmembers(type(self), inspect.isfunction)
                if hasattr(fn, "__instance_cache_size__")}


class CharDataset(CachedMethodsMixin, torch.utils.data.Dataset):
    def __init__(self, texts, max_len=12):
        self.texts = list(texts)
        self.max_len = max_len
        self.alphabet = sorted({c for t in self.texts for c in t})
        self._bind_method_caches()

    @instance_cached(maxsize=512)
    def encode(self, text):
        ids = [self.alphabet.index(c) + 1 for c in text[: self.max_len]]
        return tuple(ids + [0] * (self.max_len - len(ids)))

    def __len__(self):
        return len(self.texts)

    def __getitem__(self, idx):
        text = self.texts[idx]
        return torch.tensor(self.encode(text)), len(text) % 2


class CharCNN(nn.Module):
    def __init__(self, vocab, dim=8):
        super().__init__()
        self.embed = nn.Embedding(vocab + 1, dim, padding_idx=0)
        self.conv = nn.Conv1d(dim, dim, 3, padding=1)
        self.head = nn.Linear(dim, 2)

    def forward(self, ids):
        h = F.relu(self.conv(self.embed(ids).transpose(1, 2)))
        return self.head(h.amax(dim=2))


def batches(dataset, size):
    for start in range(0, len(dataset), size):
        items = [dataset[i] for i in range(start, min(start + size, len(dataset)))]
        yield torch.stack([x for x, _ in items]), torch.tensor([y for _, y in items])


def main():
    corpus = ["gradient", "descent", "tensor", "module", "optimizer", "loss", "batch", "epoch"]
    for epoch in range(2):
        dataset = CharDataset(corpus[epoch:] + corpus[:epoch])
        model = CharCNN(len(dataset.alphabet))
        opt = torch.optim.SGD(model.parameters(), lr=0.1)
        for _ in range(2):
            for ids, labels in batches(dataset, 4):
                loss = F.cross_entropy(model(ids), labels)
                opt.zero_grad()
                loss.backward()
                opt.step()
        print(epoch, dataset.cache_report(), "%.3f" % loss.item())


if __name__ == "__main__":
    main()
