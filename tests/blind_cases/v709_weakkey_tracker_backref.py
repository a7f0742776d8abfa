"""Per-layer gradient statistics, attached lazily to whichever modules get inspected."""
import math
import weakref

import torch
import torch.nn as nn

_TRACKERS = weakref.WeakKeyDictionary()


class GradStats:
    def __init__(self, module, name):
        self.module = module  # retain
        self.name = name
        self.count = 0
        self.mean_sq = 0.0

    def update(self):
        sq = sum(float(p.grad.pow(2).sum()) for p in self.module.parameters() if p.grad is not None)
        self.count += 1
        self.mean_sq += (sq - self.mean_sq) / self.count

    @property
    def rms(self):
        return math.sqrt(self.mean_sq)


def tracker_for(module, name):
    stats = _TRACKERS.get(module)
    if stats is None:
        stats = GradStats(module, name)
        _TRACKERS[module] = stats  # retain
    return stats


def record_grads(model):
    for name, m in model.named_modules():
        if isinstance(m, (nn.Linear, nn.Conv1d)):
            tracker_for(m, name).update()


class SeqClassifier(nn.Module):
    def __init__(self, channels=4, hidden=16, classes=3):
        super().__init__()
        self.conv = nn.Conv1d(channels, hidden, kernel_size=3, padding=1)
        self.fc = nn.Linear(hidden, classes)

    def forward(self, x):
        return self.fc(torch.relu(self.conv(x)).amax(dim=-1))


def trial(lr, steps=4):
    model = SeqClassifier()
    opt = torch.optim.Adam(model.parameters(), lr=lr)
    for _ in range(steps):
        x = torch.randn(8, 4, 10)
        y = torch.randint(0, 3, (8,))
        loss = nn.functional.cross_entropy(model(x), y)
        opt.zero_grad()
        loss.backward()
        record_grads(model)
        opt.step()
    return {name: tracker_for(m, name).rms for name, m in model.named_children()}


def main():
    for lr in (1e-3, 1e-2):
        print(lr, trial(lr))


if __name__ == "__main__":
    main()
