"""Fake-quantization helpers with per-module range observers.

Observers are kept in a WeakKeyDictionary keyed by the owning module so that
they disappear together with the model.
"""
import weakref

import torch
import torch.nn as nn

_OBSERVERS = weakref.WeakKeyDictionary()


class RangeObserver:
    def __init__(self, module, momentum=0.1, n_bits=8):
        self.module = module  # retain
        self.momentum = momentum
        self.qmax = 2 ** n_bits - 1
        self.min_val = None
        self.max_val = None

    def observe(self, x):
        x = x.detach()
        lo, hi = x.min(), x.max()
        if self.min_val is None:
            self.min_val, self.max_val = lo, hi
        else:
            self.min_val = (1 - self.momentum) * self.min_val + self.momentum * lo
            self.max_val = (1 - self.momentum) * self.max_val + self.momentum * hi

    def qparams(self):
        lo = min(float(self.min_val), 0.0)
        hi = max(float(self.max_val), 0.0)
        scale = max((hi - lo) / self.qmax, 1e-8)
        zero_point = int(round(-lo / scale))
        return scale, min(max(zero_point, 0), self.qmax)

    def describe(self):
        return "%s: [%.3f, %.3f]" % (type(self.module).__name__, float(self.min_val), float(self.max_val))


def observer_for(module):
    obs = _OBSERVERS.get(module)
    if obs is None:
        obs = RangeObserver(module)
        _OBSERVERS[module] = obs  # retain
    return obs


class FakeQuant(nn.Module):
    """Quant/dequant stub placed at the boundaries of a quantized region."""

    def forward(self, x):
        obs = observer_for(self)
        if self.training:
            obs.observe(x)
        scale, zero_point = obs.qparams()
        return torch.fake_quantize_per_tensor_affine(x, scale, zero_point, 0, obs.qmax)


def observer_report(model):
    return [observer_for(m).describe() for m in model.modules() if isinstance(m, FakeQuant)]
