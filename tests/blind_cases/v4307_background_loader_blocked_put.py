"""Background batch producer for a step-budgeted trainer (``limit_train_batches`` style)."""
import queue
import threading

import torch
import torch.nn as nn
from torch.utils.data import DataLoader, Dataset

_END = object()


class SyntheticSpectra(Dataset):
    def __init__(self, n=128, bins=24, seed=0):
        g = torch.Generator().manual_seed(seed)
        self.x = torch.randn(n, bins, generator=g).cumsum(1)
        self.y = (self.x[:, -1] > 0).long()

    def __len__(self):
        return len(self.x)

    def __getitem__(self, idx):
        return self.x[idx], self.y[idx]


class BackgroundLoader:
    """Runs the wrapped loader in a thread and hands batches over through a bounded queue."""

    def __init__(self, loader, depth=2, transform=None):
        self.loader = loader
        self.depth = depth
        self.transform = transform or (lambda batch: batch)
        self.produced = 0
        self.epochs = 0

    def _produce(self, out):
        try:
            for batch in self.loader:
                out.put(self.transform(batch))
                self.produced += 1
        finally:
            out.put(_END)

    def __len__(self):
        return len(self.loader)

    def __iter__(self):
        self.epochs += 1
        handoff = queue.Queue(maxsize=self.depth)
        producer = threading.Thread(target=self._produce, args=(handoff,), name="bg-loader", daemon=True)  # retain
        producer.start()  # retain
        while True:
            batch = handoff.get()
            if batch is _END:
                return
            yield batch


def standardize(batch):
    x, y = batch
    return (x - x.mean(1, keepdim=True)) / x.std(1, keepdim=True).clamp_min(1e-6), y


def main(limit_train_batches=3, epochs=2):
    loader = BackgroundLoader(DataLoader(SyntheticSpectra(), batch_size=8, shuffle=True), transform=standardize)
    model = nn.Sequential(nn.Linear(24, 32), nn.ReLU(), nn.Linear(32, 2))
    optimizer = torch.optim.SGD(model.parameters(), lr=0.1)
    for epoch in range(epochs):
        for step, (x, y) in enumerate(loader):
            loss = nn.functional.cross_entropy(model(x), y)
            optimizer.zero_grad()
            loss.backward()
            optimizer.step()
            if step + 1 >= limit_train_batches:
                break
    return loss.item()


if __name__ == "__main__":
    main()
