"""Accumulating metrics with named tensor states (torchmetrics-style)."""
import torch


class Metric:
    def __init__(self):
        self._state_names = []

    def add_state(self, name, default):
        self._state_names.append(name)
        setattr(self, name, default)

    def __hash__(self):
        values = [type(self).__name__, id(self)]
        values.extend(getattr(self, name) for name in self._state_names)
        return hash(tuple(values))

    def states(self):
        return {name: getattr(self, name) for name in self._state_names}


class MeanAbsoluteError(Metric):
    def __init__(self):
        super().__init__()
        self.add_state("abs_sum", torch.zeros(()))
        self.add_state("count", torch.zeros(()))

    def update(self, preds, target):
        self.abs_sum = self.abs_sum + (preds - target).abs().sum()
        self.count = self.count + target.numel()

    def compute(self):
        return self.abs_sum / self.count.clamp_min(1)


class WithinTolerance(Metric):
    def __init__(self, tol):
        super().__init__()
        self.tol = tol
        self.add_state("hits", torch.zeros(()))
        self.add_state("count", torch.zeros(()))

    def update(self, preds, target):
        self.hits = self.hits + ((preds - target).abs() <= self.tol).sum()
        self.count = self.count + target.numel()

    def compute(self):
        return self.hits / self.count.clamp_min(1)
