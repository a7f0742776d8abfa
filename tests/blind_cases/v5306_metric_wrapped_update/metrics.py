"""Small torchmetrics-style metric base: states as buffers, per-instance update/compute wrappers."""
import functools

import torch
import torch.nn as nn


class Metric(nn.Module):
    def __init__(self):
        super().__init__()
        self._defaults = {}
        self._computed = None
        self._update_count = 0
        self.update = self._wrap_update(self.update)  # cycle
        self.compute = self._wrap_compute(self.compute)  # cycle

    def add_state(self, name, default):
        self._defaults[name] = default.clone()
        self.register_buffer(name, default.clone(), persistent=False)

    def reset(self):
        for name, default in self._defaults.items():
            setattr(self, name, default.clone())
        self._computed = None
        self._update_count = 0

    def _wrap_update(self, update):
        @functools.wraps(update)  # cycle
        def wrapped_update(*args, **kwargs):  # cycle
            self._computed = None
            self._update_count += 1
            with torch.no_grad():
                return update(*args, **kwargs)

        return wrapped_update

    def _wrap_compute(self, compute):
        @functools.wraps(compute)  # cycle
        def wrapped_compute(*args, **kwargs):  # cycle
            if self._update_count == 0:
                raise RuntimeError(f"{type(self).__name__}.compute() called before update()")
            if self._computed is None:
                self._computed = compute(*args, **kwargs)
            return self._computed

        return wrapped_compute

    def update(self, *args, **kwargs):
        raise NotImplementedError

    def compute(self):
        raise NotImplementedError


class MeanSquaredError(Metric):
    def __init__(self):
        super().__init__()
        self.add_state("sum_sq", torch.zeros(()))
        self.add_state("count", torch.zeros((), dtype=torch.long))

    def update(self, preds, target):
        self.sum_sq += (preds - target).pow(2).sum()
        self.count += target.numel()

    def compute(self):
        return self.sum_sq / self.count.clamp(min=1)


class R2Score(Metric):
    def __init__(self):
        super().__init__()
        self.add_state("sum_y", torch.zeros(()))
        self.add_state("sum_y2", torch.zeros(()))
        self.add_state("sum_err", torch.zeros(()))
        self.add_state("n", torch.zeros(()))

    def update(self, preds, target):
        self.sum_y += target.sum()
        self.sum_y2 += target.pow(2).sum()
        self.sum_err += (preds - target).pow(2).sum()
        self.n += target.numel()

    def compute(self):
        var = self.sum_y2 - self.sum_y.pow(2) / self.n
        return 1.0 - self.sum_err / var
