"""Plateau monitor driving both learning-rate decay and early stopping, with a state history."""
from dataclasses import dataclass, field, replace

import torch
import torch.nn as nn
import torch.nn.functional as F


@dataclass
class PlateauMonitor:
    mode: str = "max"
    patience: int = 1
    threshold: float = 1e-3
    best: float = float("-inf")
    best_epoch: int = -1
    bad_epochs: int = 0
    num_decays: int = 0
    history: list = field(default_factory=list, init=False, repr=False)

    def is_better(self, value):
        if self.mode == "max":
            return value > self.best + self.threshold
        return value < self.best - self.threshold

    def update(self, epoch, value):
        if self.is_better(value):
            self.best, self.best_epoch, self.bad_epochs = value, epoch, 0
        else:
            self.bad_epochs += 1
        self.history.append(replace(self))
        return self.bad_epochs > self.patience

    def table(self):
        return [(h.best_epoch, round(h.best, 3), h.bad_epochs, h.num_decays) for h in self.history]


class Classifier(nn.Module):
    def __init__(self, d_in=8, hidden=24, classes=3):
        super().__init__()
        self.body = nn.Sequential(nn.Linear(d_in, hidden), nn.ReLU())
        self.head = nn.Linear(hidden, classes)

    def forward(self, x):
        return self.head(self.body(x))


def accuracy(model, data):
    model.eval()
    with torch.no_grad():
        x, y = data
        return (model(x).argmax(-1) == y).float().mean().item()


def sample(n, g):
    x = torch.randn(n, 8, generator=g)
    return x, (x[:, :3] * torch.tensor([1.0, -1.0, 0.5])).argmax(dim=1)


def main():
    g = torch.Generator().manual_seed(11)
    val = sample(96, g)
    for lr in (0.3, 0.03):
        model = Classifier()
        opt = torch.optim.SGD(model.parameters(), lr=lr)
        monitor = PlateauMonitor(patience=1)
        for epoch in range(8):
            model.train()
            for _ in range(4):
                x, y = sample(32, g)
                loss = F.cross_entropy(model(x), y)
                opt.zero_grad()
                loss.backward()
                opt.step()
            if monitor.update(epoch, accuracy(model, val)):
                if monitor.num_decays >= 2:
                    break
                for group in opt.param_groups:
                    group["lr"] *= 0.5
                monitor.num_decays += 1
                monitor.bad_epochs = 0
        print(f"lr={lr}: best acc {monitor.best:.3f} at epoch {monitor.best_epoch}; {monitor.table()}")


if __name__ == "__main__":
    main()
