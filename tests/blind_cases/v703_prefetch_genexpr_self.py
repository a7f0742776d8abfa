"""Batch prefetcher that moves and normalises batches one step ahead of the model."""
import torch
import torch.nn as nn
from torch.utils.data import DataLoader, TensorDataset


class BatchPrefetcher:
    def __init__(self, loader, device="cpu", mean=0.0, std=1.0):
        self.loader = loader
        self.device = torch.device(device)
        self.mean = mean
        self.std = std
        self._stream = None
        self._next = None

    def _prepare(self, batch):
        x, y = batch
        x = x.to(self.device, non_blocking=True)
        y = y.to(self.device, non_blocking=True)
        return (x - self.mean) / self.std, y

    def _preload(self):
        try:
            self._next = next(self._stream)
        except StopIteration:
            self._next = None

    def __iter__(self):
        self._stream = (self._prepare(b) for b in self.loader)  # cycle
        self._preload()
        return self

    def __next__(self):
        batch = self._next
        if batch is None:
            raise StopIteration
        self._preload()
        return batch

    def __len__(self):
        return len(self.loader)


def build_loader(n=96, dim=10, batch_size=16):
    x = torch.randn(n, dim) * 3.0 + 1.0
    y = (x[:, 0] > 1.0).long()
    return DataLoader(TensorDataset(x, y), batch_size=batch_size, shuffle=True)


def evaluate(model, prefetcher):
    correct = total = 0
    with torch.no_grad():
        for x, y in prefetcher:
            correct += (model(x).argmax(dim=1) == y).sum().item()
            total += y.numel()
    return correct / max(total, 1)


def main():
    model = nn.Sequential(nn.Linear(10, 32), nn.ReLU(), nn.Linear(32, 2))
    opt = torch.optim.SGD(model.parameters(), lr=0.05, momentum=0.9)
    train = BatchPrefetcher(build_loader(), mean=1.0, std=3.0)
    val = BatchPrefetcher(build_loader(n=32), mean=1.0, std=3.0)
    for epoch in range(2):
        model.train()
        for step, (x, y) in enumerate(train):
            loss = nn.functional.cross_entropy(model(x), y)
            opt.zero_grad()
            loss.backward()
            opt.step()
            if step == 3:
                break
        model.eval()
        acc = evaluate(model, val)
        print(f"epoch {epoch}: val acc {acc:.3f}")


if __name__ == "__main__":
    main()
