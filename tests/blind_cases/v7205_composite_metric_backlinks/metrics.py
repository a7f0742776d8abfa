"""Counting metrics that can be combined arithmetically (f1 = 2*p*r/(p+r)).

compute() results are cached; an update on a metric invalidates the caches
of every composite built on top of it.
"""
import operator

import torch


class Metric:
    def __init__(self):
        self._cache = None
        self._dependents = []

    def update(self, preds, target):
        self._update(preds, target)
        self._invalidate()

    def _invalidate(self):
        self._cache = None
        for dep in self._dependents:
            dep._invalidate()

    def compute(self):
        if self._cache is None:
            self._cache = self._compute()
        return self._cache

    def _binary(self, op, other, reflected=False):
        return CompositeMetric(op, other, self) if reflected else CompositeMetric(op, self, other)

    def __add__(self, other):
        return self._binary(operator.add, other)

    def __mul__(self, other):
        return self._binary(operator.mul, other)

    def __rmul__(self, other):
        return self._binary(operator.mul, other, reflected=True)

    def __truediv__(self, other):
        return self._binary(operator.truediv, other)


class CompositeMetric(Metric):
    def __init__(self, op, a, b):
        super().__init__()
        self.op, self.a, self.b = op, a, b  # cycle
        for operand in (a, b):
            if isinstance(operand, Metric):
                operand._dependents.append(self)  # cycle

    def _update(self, preds, target):
        raise RuntimeError("update the operands, not the composite")

    def _compute(self):
        a = self.a.compute() if isinstance(self.a, Metric) else self.a
        b = self.b.compute() if isinstance(self.b, Metric) else self.b
        return self.op(a, b)


class _Counts(Metric):
    def __init__(self, num_classes):
        super().__init__()
        self.num_classes = num_classes
        self.tp = torch.zeros(num_classes)
        self.fp = torch.zeros(num_classes)
        self.fn = torch.zeros(num_classes)

    def _update(self, preds, target):
        pred_oh = torch.nn.functional.one_hot(preds, self.num_classes).float()
        true_oh = torch.nn.functional.one_hot(target, self.num_classes).float()
        self.tp += (pred_oh * true_oh).sum(0)
        self.fp += (pred_oh * (1 - true_oh)).sum(0)
        self.fn += ((1 - pred_oh) * true_oh).sum(0)


class Precision(_Counts):
    def _compute(self):
        return (self.tp / (self.tp + self.fp).clamp_min(1)).mean()


class Recall(_Counts):
    def _compute(self):
        return (self.tp / (self.tp + self.fn).clamp_min(1)).mean()
