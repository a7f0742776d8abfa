"""Running activation moments per layer, with a process-wide registry of hook handles for debugging sessions."""
import collections
import math

import torch.nn as nn

_LIVE_HANDLES = []


class RunningMoments:
    __slots__ = ("count", "mean", "m2")

    def __init__(self):
        self.count, self.mean, self.m2 = 0, 0.0, 0.0

    def update(self, values):
        n = values.numel()
        batch_mean = values.mean().item()
        batch_m2 = ((values - batch_mean) ** 2).sum().item()
        delta = batch_mean - self.mean
        total = self.count + n
        self.mean += delta * n / total
        self.m2 += batch_m2 + delta ** 2 * self.count * n / total
        self.count = total

    @property
    def std(self):
        return math.sqrt(self.m2 / max(self.count - 1, 1))


class ActivationMonitor:
    def __init__(self, layer_types=(nn.Linear, nn.LayerNorm)):
        self.layer_types = layer_types
        self.moments = collections.defaultdict(RunningMoments)

    @staticmethod
    def _make_hook(moments):
        def hook(module, inputs, output):
            moments.update(output.detach())
        return hook

    def attach(self, model):
        for name, module in model.named_modules():
            if isinstance(module, self.layer_types):
                handle = module.register_forward_hook(self._make_hook(self.moments[name]))
                _LIVE_HANDLES.append(handle)
        return self

    def report(self):
        return {name: (m.mean, m.std) for name, m in self.moments.items()}


def detach_all():
    while _LIVE_HANDLES:
        _LIVE_HANDLES.pop().remove()
