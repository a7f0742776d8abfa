"""Confusion matrix accumulator with lazily built per-class statistics."""
from functools import cached_property

import torch


class ClassStats:
    """Live view of one row/column of a confusion matrix."""

    def __init__(self, matrix, index, name):
        self._matrix = matrix  # cycle
        self.index = index
        self.name = name

    @property
    def tp(self):
        return int(self._matrix.counts[self.index, self.index])

    @property
    def fp(self):
        return int(self._matrix.counts[:, self.index].sum()) - self.tp

    @property
    def fn(self):
        return int(self._matrix.counts[self.index].sum()) - self.tp

    @property
    def support(self):
        return self.tp + self.fn

    def f1(self):
        denom = 2 * self.tp + self.fp + self.fn
        return 2 * self.tp / denom if denom else 0.0


class ConfusionMatrix:
    def __init__(self, class_names):
        self.class_names = list(class_names)
        n = len(self.class_names)
        self.counts = torch.zeros(n, n, dtype=torch.long)

    def update(self, logits, target):
        n = len(self.class_names)
        pred = logits.argmax(dim=-1)
        self.counts += torch.bincount(target * n + pred, minlength=n * n).view(n, n)

    @cached_property  # cycle
    def per_class(self):
        return [ClassStats(self, i, name) for i, name in enumerate(self.class_names)]  # cycle

    def accuracy(self):
        return float(self.counts.diag().sum()) / max(1, int(self.counts.sum()))
