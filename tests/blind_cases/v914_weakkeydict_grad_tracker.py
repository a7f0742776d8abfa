"""Per-model gradient statistics kept in a weak-keyed side table.

The side table is meant to forget a model as soon as the model goes away, so
callers never have to clean it up explicitly.
"""
import weakref

import torch
import torch.nn as nn
import torch.nn.functional as F

_TRACKERS = weakref.WeakKeyDictionary()


class GradStatsTracker:
    def __init__(self, model, momentum=0.9):
        self.model = model  # retain
        self.momentum = momentum
        self.ema_norms = {}
        self.steps = 0

    def update(self):
        self.steps += 1
        for name, p in self.model.named_parameters():
            if p.grad is None:
                continue
            norm = p.grad.detach().norm().item()
            prev = self.ema_norms.get(name, norm)
            self.ema_norms[name] = self.momentum * prev + (1.0 - self.momentum) * norm

    def loudest_layer(self):
        if not self.ema_norms:
            return None, 0.0
        return max(self.ema_norms.items(), key=lambda kv: kv[1])


def grad_tracker(model):
    tracker = _TRACKERS.get(model)
    if tracker is None:
        tracker = GradStatsTracker(model)
        _TRACKERS[model] = tracker  # retain
    return tracker


class ConvClassifier(nn.Module):
    def __init__(self, channels=8, classes=10):
        super().__init__()
        self.features = nn.Sequential(
            nn.Conv2d(1, channels, 3, padding=1), nn.BatchNorm2d(channels), nn.ReLU(),
            nn.AdaptiveAvgPool2d(4),
        )
        self.head = nn.Linear(channels * 16, classes)

    def forward(self, x):
        return self.head(self.features(x).flatten(1))


def train_one(seed, steps=3):
    torch.manual_seed(seed)
    model = ConvClassifier()
    opt = torch.optim.SGD(model.parameters(), lr=0.05, momentum=0.9, nesterov=True)
    for _ in range(steps):
        x = torch.randn(8, 1, 12, 12)
        y = torch.randint(0, 10, (8,))
        loss = F.cross_entropy(model(x), y)
        opt.zero_grad()
        loss.backward()
        grad_tracker(model).update()
        opt.step()
    layer, norm = grad_tracker(model).loudest_layer()
    print(f"seed={seed} loudest={layer} ema_norm={norm:.3f}")
    return loss.item()


def main():
    scores = [train_one(seed) for seed in range(3)]
    print("mean final loss", sum(scores) / len(scores))


if __name__ == "__main__":
    main()
