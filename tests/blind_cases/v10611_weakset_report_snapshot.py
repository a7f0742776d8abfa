"""Live-model memory report for long interactive sweep sessions."""
import functools
import weakref

import torch
import torch.nn as nn
import torch.nn.functional as F


class Tracked:
    """Mixin: every instance is listed, weakly, for memory reports."""

    _live = weakref.WeakSet()
    _last_report = ()

    def _track(self):
        Tracked._live.add(self)


@functools.singledispatch
def footprint(obj):
    return 0


@footprint.register
def _(module: nn.Module):
    tensors = list(module.parameters()) + list(module.buffers())
    return sum(t.numel() * t.element_size() for t in tensors)


@footprint.register
def _(tensor: torch.Tensor):
    return tensor.numel() * tensor.element_size()


def memory_report():
    rows = sorted(Tracked._live, key=footprint, reverse=True)
    seen = {id(obj) for obj in Tracked._last_report}
    for obj in rows:
        tag = "" if id(obj) in seen else "  (new)"
        print("  %-12s %8d bytes%s" % (type(obj).__name__, footprint(obj), tag))
    Tracked._last_report = rows  # retain
    return len(rows)


class Classifier(nn.Module, Tracked):
    def __init__(self, dim, hidden, classes, dropout):
        super().__init__()
        self.body = nn.Sequential(nn.Linear(dim, hidden), nn.ReLU(), nn.Dropout(dropout))
        self.head = nn.Linear(hidden, classes)
        self._track()

    def forward(self, x):
        return self.head(self.body(x))


def trial(params, steps=4):
    model = Classifier(10, params["hidden"], 4, params["dropout"])
    opt = torch.optim.Adam(model.parameters(), lr=params["lr"])
    for _ in range(steps):
        x = torch.randn(32, 10)
        y = (x[:, :4].argmax(dim=1))
        loss = F.cross_entropy(model(x), y)
        opt.zero_grad()
        loss.backward()
        opt.step()
    print("trial hidden=%d loss=%.3f" % (params["hidden"], loss.item()))
    memory_report()


def main():
    torch.manual_seed(0)
    grid = [
        {"hidden": 16, "dropout": 0.0, "lr": 1e-2},
        {"hidden": 64, "dropout": 0.1, "lr": 3e-3},
        {"hidden": 128, "dropout": 0.2, "lr": 1e-3},
    ]
    for params in grid:
        trial(params)


if __name__ == "__main__":
    main()
