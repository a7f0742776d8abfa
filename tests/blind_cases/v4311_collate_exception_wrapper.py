"""Fault-tolerant collation: corrupt samples are dropped from the batch and reported per epoch."""
import sys

import torch
import torch.nn as nn
from torch._utils import ExceptionWrapper
from torch.utils.data import DataLoader, Dataset


class SensorWindows(Dataset):
    """Fixed-length sensor windows; every 7th record is corrupt (NaN or truncated)."""

    def __init__(self, n=80, length=32, channels=4, seed=0):
        g = torch.Generator().manual_seed(seed)
        self.windows = [torch.randn(channels, length, generator=g) for _ in range(n)]
        self.targets = [int(w[0].mean() > 0) for w in self.windows]
        for i in range(0, n, 7):
            self.windows[i] = self.windows[i][:, : length // 2] if i % 2 else self.windows[i].fill_(float("nan"))

    def __len__(self):
        return len(self.windows)

    def __getitem__(self, idx):
        return idx, self.windows[idx], self.targets[idx]


class SkippingCollator:
    def __init__(self, length=32):
        self.length = length
        self.skipped = []
        self._reported = 0

    def _check(self, window):
        if window.shape[-1] != self.length:
            raise ValueError(f"expected {self.length} steps, got {window.shape[-1]}")
        if not torch.isfinite(window).all():
            raise ValueError("non-finite values in window")

    def __call__(self, samples):
        kept = []
        for idx, window, target in samples:
            try:
                self._check(window)
            except ValueError:
                self.skipped.append((idx, ExceptionWrapper(sys.exc_info(), where=f"in collate for sample {idx}")))
                continue
            kept.append((window, target))
        windows, targets = zip(*kept)
        return torch.stack(windows), torch.tensor(targets)

    def report(self):
        fresh = self.skipped[self._reported:]
        self._reported = len(self.skipped)
        return [f"{idx}: {w.exc_type.__name__} {w.exc_msg.strip().splitlines()[-1]}" for idx, w in fresh]


def main(epochs=2):
    collator = SkippingCollator()
    loader = DataLoader(SensorWindows(), batch_size=16, shuffle=True, collate_fn=collator)
    model = nn.Sequential(nn.Conv1d(4, 8, 5, padding=2), nn.ReLU(), nn.AdaptiveAvgPool1d(1), nn.Flatten(), nn.Linear(8, 2))
    optimizer = torch.optim.Adam(model.parameters(), lr=1e-2)
    reports = []
    for epoch in range(epochs):
        for x, y in loader:
            loss = nn.functional.cross_entropy(model(x), y)
            optimizer.zero_grad()
            loss.backward()
            optimizer.step()
        reports.append(collator.report())
    assert all(len(r) == 12 for r in reports)


if __name__ == "__main__":
    main()
