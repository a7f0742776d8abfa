"""Exported notebook: an lr sweep where each cell's work is timed with a reusable cell timer."""
import contextlib
import time

import torch
import torch.nn as nn

SWEEP = {"lrs": [0.1, 0.03, 0.01], "steps": 4, "batch_size": 16, "features": 12}


class CellTimer(contextlib.ContextDecorator):
    """Times a notebook cell; usable as ``with timer:`` or as a decorator on step functions."""

    def __init__(self, label):
        self.label = label
        self.elapsed = 0.0
        self.calls = 0
        self.names = []

    def __enter__(self):
        self._t0 = time.perf_counter()
        return self

    def __exit__(self, exc_type, exc, tb):
        self.elapsed += time.perf_counter() - self._t0
        self.calls += 1
        return False

    def __call__(self, fn):
        self.names.append(fn.__name__)
        return super().__call__(fn)

    def summary(self):
        return f"{self.label:>10}: {self.calls:2d} calls {self.elapsed * 1e3:7.2f} ms [{', '.join(self.names)}]"


def make_batch(n, features):
    x = torch.randn(n, features)
    y = (x.sum(dim=1) > 0).long()
    return x, y


def run_trial(lr):
    timer = CellTimer(f"lr={lr}")
    model = nn.Sequential(nn.Linear(SWEEP["features"], 32), nn.Tanh(), nn.Linear(32, 2))
    opt = torch.optim.SGD(model.parameters(), lr=lr, momentum=0.9)

    def train_step(x, y):
        loss = nn.functional.cross_entropy(model(x), y)
        opt.zero_grad()
        loss.backward()
        opt.step()
        return loss.item()

    def evaluate(x, y):
        with torch.no_grad():
            return (model(x).argmax(dim=1) == y).float().mean().item()

    train_step = timer(train_step)
    evaluate = timer(evaluate)
    losses = [train_step(*make_batch(SWEEP["batch_size"], SWEEP["features"]))
              for _ in range(SWEEP["steps"])]
    acc = evaluate(*make_batch(64, SWEEP["features"]))
    print(timer.summary())
    return {"lr": lr, "final_loss": losses[-1], "acc": acc}


def main():
    torch.manual_seed(1)
    results = [run_trial(lr) for lr in SWEEP["lrs"]]
    best = max(results, key=lambda r: r["acc"])
    print(f"best lr {best['lr']} acc {best['acc']:.2f}")


if __name__ == "__main__":
    main()
