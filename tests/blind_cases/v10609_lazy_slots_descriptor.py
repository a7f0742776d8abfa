"""Imbalanced-classification sweep with lazily built, per-spec loss criteria."""
import weakref
from dataclasses import dataclass

import torch
import torch.nn as nn


class lazy:
    """Like functools.cached_property, but also works on __slots__ classes."""

    def __init__(self, fn):
        self.fn = fn
        self.name = fn.__name__
        self._values = weakref.WeakKeyDictionary()
        self._by_id = {}

    def __set_name__(self, owner, name):
        self.name = name

    def __get__(self, obj, owner=None):
        if obj is None:
            return self
        try:
            return self._values[obj]
        except KeyError:
            value = self._values[obj] = self.fn(obj)
            return value
        except TypeError:
            key = id(obj)
            if key not in self._by_id:
                self._by_id[key] = self.fn(obj)  # retain
            return self._by_id[key]


@dataclass(slots=True)
class LossSpec:
    class_counts: list
    smoothing: float = 0.0

    @lazy
    def class_weights(self):
        counts = torch.tensor(self.class_counts, dtype=torch.float32)
        weights = counts.sum() / (len(counts) * counts.clamp_min(1.0))
        return weights / weights.mean()

    @lazy
    def criterion(self):
        return nn.CrossEntropyLoss(weight=self.class_weights, label_smoothing=self.smoothing)


def sample_batch(counts, batch):
    probs = torch.tensor(counts, dtype=torch.float32)
    y = torch.multinomial(probs / probs.sum(), batch, replacement=True)
    x = torch.randn(batch, 8) + y.unsqueeze(1).float()
    return x, y


def run(spec, steps=6):
    model = nn.Sequential(nn.Linear(8, 24), nn.ReLU(), nn.Linear(24, len(spec.class_counts)))
    opt = torch.optim.Adam(model.parameters(), lr=5e-3)
    for _ in range(steps):
        x, y = sample_batch(spec.class_counts, 32)
        loss = spec.criterion(model(x), y)
        opt.zero_grad()
        loss.backward()
        opt.step()
    return loss.item()


def main():
    torch.manual_seed(0)
    specs = [
        LossSpec([500, 50, 5]),
        LossSpec([500, 50, 5], smoothing=0.1),
        LossSpec([100, 100, 20, 5], smoothing=0.05),
    ]
    for spec in specs:
        loss = run(spec)
        print(spec.class_counts, spec.smoothing, "w=%s loss=%.3f" % (spec.class_weights.numpy().round(2), loss))


if __name__ == "__main__":
    main()
