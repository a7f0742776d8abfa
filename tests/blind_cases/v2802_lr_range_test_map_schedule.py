"""Learning-rate range test run before each configuration of a small architecture sweep."""
import copy
import itertools
import math

import torch
import torch.nn as nn


class LRRangeTest:
    """Exponentially increases the LR each step and records the smoothed loss."""

    def __init__(self, model, optimizer, criterion, start_lr=1e-4, end_lr=1.0,
                 num_iter=24, smoothing=0.2, diverge_th=4.0):
        self.model = model
        self.optimizer = optimizer
        self.criterion = criterion
        self.start_lr, self.end_lr, self.num_iter = start_lr, end_lr, num_iter
        self.smoothing = smoothing
        self.diverge_th = diverge_th
        self.history = {"lr": [], "loss": []}
        self._initial = copy.deepcopy({"model": model.state_dict(),
                                       "optimizer": optimizer.state_dict()})
        self._schedule = map(self._lr_at, itertools.count())  # cycle

    def _lr_at(self, step):
        frac = min(step / max(self.num_iter - 1, 1), 1.0)
        return self.start_lr * (self.end_lr / self.start_lr) ** frac

    def _apply_lr(self, lr):
        for group in self.optimizer.param_groups:
            group["lr"] = lr

    def run(self, batches):
        best, avg = math.inf, None
        for _, (x, y) in zip(range(self.num_iter), itertools.cycle(batches)):
            lr = next(self._schedule)
            self._apply_lr(lr)
            self.optimizer.zero_grad()
            loss = self.criterion(self.model(x), y)
            loss.backward()
            self.optimizer.step()
            value = loss.item()
            avg = value if avg is None else self.smoothing * value + (1 - self.smoothing) * avg
            self.history["lr"].append(lr)
            self.history["loss"].append(avg)
            best = min(best, avg)
            if not math.isfinite(avg) or avg > self.diverge_th * best:
                break
        self.restore()
        return self.suggestion()

    def restore(self):
        self.model.load_state_dict(self._initial["model"])
        self.optimizer.load_state_dict(self._initial["optimizer"])

    def suggestion(self):
        lrs, losses = self.history["lr"], self.history["loss"]
        if len(losses) < 3:
            return lrs[0]
        slopes = [losses[i + 1] - losses[i] for i in range(len(losses) - 1)]
        return lrs[min(range(len(slopes)), key=slopes.__getitem__)]


ARCHS = {"narrow": [16], "wide": [64], "deep": [32, 32]}


def build(hidden, in_dim=12, classes=4):
    layers, prev = [], in_dim
    for h in hidden:
        layers += [nn.Linear(prev, h), nn.ReLU()]
        prev = h
    return nn.Sequential(*layers, nn.Linear(prev, classes))


def synthetic_batches(n_batches=6, bs=32, in_dim=12, classes=4, seed=0):
    g = torch.Generator().manual_seed(seed)
    proj = torch.randn(in_dim, classes, generator=g)
    out = []
    for _ in range(n_batches):
        x = torch.randn(bs, in_dim, generator=g)
        out.append((x, (x @ proj).argmax(-1)))
    return out


def main():
    torch.manual_seed(0)
    batches = synthetic_batches()
    criterion = nn.CrossEntropyLoss()
    chosen = {}
    for name, hidden in ARCHS.items():
        model = build(hidden)
        optimizer = torch.optim.SGD(model.parameters(), lr=1e-3, momentum=0.9)
        finder = LRRangeTest(model, optimizer, criterion)
        lr = finder.run(batches)
        chosen[name] = lr
        for group in optimizer.param_groups:
            group["lr"] = lr
        for x, y in batches[:3]:
            optimizer.zero_grad()
            criterion(model(x), y).backward()
            optimizer.step()
    print({k: f"{v:.2e}" for k, v in chosen.items()})


if __name__ == "__main__":
    main()
