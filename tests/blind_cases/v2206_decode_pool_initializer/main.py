"""Trains a small 1-D conv classifier for several hyper-parameter trials."""
import torch
import torch.nn as nn

from pipeline import ParallelDecoder

TRIALS = [{"lr": 0.05, "crop": 24}, {"lr": 0.02, "crop": 28}]


def make_dataset(n=64, length=32):
    g = torch.Generator().manual_seed(7)
    labels = torch.randint(0, 3, (n,), generator=g)
    t = torch.linspace(0, 6.28, length)
    signals = torch.stack([torch.sin((int(c) + 1) * t) for c in labels]).unsqueeze(1)
    return signals + 0.1 * torch.randn(signals.shape, generator=g), labels


def run_trial(trial, cfg, signals, labels):
    decoder = ParallelDecoder(signals, labels, crop=cfg["crop"], seed=trial)
    model = nn.Sequential(nn.Conv1d(1, 8, 5, padding=2), nn.ReLU(), nn.AdaptiveAvgPool1d(1),
                          nn.Flatten(), nn.Linear(8, 3))
    opt = torch.optim.SGD(model.parameters(), lr=cfg["lr"], momentum=0.9)
    for epoch in range(2):
        for xb, yb in decoder.batches(16, epoch):
            loss = nn.functional.cross_entropy(model(xb), yb)
            opt.zero_grad()
            loss.backward()
            opt.step()
    return loss.item()


def main():
    signals, labels = make_dataset()
    return [run_trial(i, cfg, signals, labels) for i, cfg in enumerate(TRIALS)]


if __name__ == "__main__":
    main()
