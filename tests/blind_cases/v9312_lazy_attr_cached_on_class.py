"""Run configuration with lazily built, cached derived objects (loss, class weights)."""
import functools

import torch
import torch.nn as nn


class lazy:
    """Compute an attribute on first access and cache it, like functools.cached_property."""

    def __init__(self, fn):
        self.fn = fn
        self.name = fn.__name__
        functools.update_wrapper(self, fn)

    def __set_name__(self, owner, name):
        self.name = name

    def __get__(self, instance, owner=None):
        if instance is None:
            return self
        value = self.fn(instance)
        setattr(owner, self.name, value)  # retain
        return value


class RunConfig:
    defaults = {"num_classes": 3, "dim": 10, "lr": 0.05, "smoothing": 0.1, "steps": 6}

    def __init__(self, label_counts, **overrides):
        self.__dict__.update(self.defaults)
        self.__dict__.update(overrides)
        self.label_counts = list(label_counts)

    @lazy
    def class_weights(self):
        counts = torch.tensor(self.label_counts, dtype=torch.float)
        return counts.sum() / (len(counts) * counts)

    @lazy
    def criterion(self):
        return nn.CrossEntropyLoss(weight=self.class_weights, label_smoothing=self.smoothing)


def sample_batch(cfg, n=48):
    probs = torch.tensor(cfg.label_counts, dtype=torch.float)
    y = torch.multinomial(probs / probs.sum(), n, replacement=True)
    x = torch.randn(n, cfg.dim) + nn.functional.one_hot(y, cfg.dim).float()
    return x, y


def train(cfg):
    model = nn.Sequential(nn.Linear(cfg.dim, 32), nn.ReLU(), nn.Linear(32, cfg.num_classes))
    opt = torch.optim.SGD(model.parameters(), lr=cfg.lr)
    for _ in range(cfg.steps):
        x, y = sample_batch(cfg)
        loss = cfg.criterion(model(x), y)
        opt.zero_grad()
        loss.backward()
        opt.step()
    return loss.item()


def main():
    torch.manual_seed(0)
    datasets = {"balanced": [100, 100, 100], "skewed": [500, 60, 20], "rare-first": [15, 200, 300]}
    results = {}
    for name, counts in datasets.items():
        results[name] = train(RunConfig(counts, lr=0.05))
    assert len(results) == 3


if __name__ == "__main__":
    main()
