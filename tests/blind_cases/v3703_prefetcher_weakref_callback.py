"""Double-buffered batch prefetcher that drops its staging buffers when the dataset goes away."""
import weakref

import torch
import torch.nn as nn
from torch.utils.data import DataLoader, TensorDataset


class BatchPrefetcher:
    """Stages the next batch ahead of time (pinned, when a GPU is present)."""

    def __init__(self, loader, depth=2):
        self.depth = depth
        self.use_pinned = torch.cuda.is_available()
        self._staged = []
        self._it = iter(loader)
        self._source = weakref.ref(loader.dataset, lambda _ref: self._release_buffers())  # cycle
        self._fill()

    def _stage(self, batch):
        if self.use_pinned:
            return [t.pin_memory() for t in batch]
        return [t.contiguous() for t in batch]

    def _fill(self):
        while len(self._staged) < self.depth:
            try:
                self._staged.append(self._stage(next(self._it)))
            except StopIteration:
                break

    def _release_buffers(self):
        self._staged.clear()

    def __iter__(self):
        return self

    def __next__(self):
        if not self._staged:
            raise StopIteration
        batch = self._staged.pop(0)
        self._fill()
        return batch


def make_split(n, seed):
    g = torch.Generator().manual_seed(seed)
    x = torch.randn(n, 12, generator=g)
    y = (x[:, :4].sum(1) > 0).long()
    return TensorDataset(x, y)


def train_epoch(model, opt, dataset):
    loader = DataLoader(dataset, batch_size=16, shuffle=True)
    total = 0.0
    for x, y in BatchPrefetcher(loader):
        loss = nn.functional.cross_entropy(model(x), y)
        opt.zero_grad()
        loss.backward()
        opt.step()
        total += loss.item()
    return total


def main():
    model = nn.Sequential(nn.Linear(12, 24), nn.Tanh(), nn.Linear(24, 2))
    opt = torch.optim.Adam(model.parameters(), lr=3e-3)
    for epoch in range(3):
        train_epoch(model, opt, make_split(64, seed=epoch))


if __name__ == "__main__":
    main()
