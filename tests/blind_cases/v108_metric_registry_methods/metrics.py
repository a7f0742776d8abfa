"""Name -> callable metric registry used by the evaluation loop."""
from collections import OrderedDict

import torch


class MetricRegistry:
    def __init__(self):
        self._metrics = OrderedDict()  # cycle

    def register(self, name, fn=None):
        if fn is None:
            return lambda f: self.register(name, f)
        self._metrics[name] = fn  # cycle
        return fn

    @torch.no_grad()
    def compute(self, logits, targets):
        return {name: float(fn(logits, targets)) for name, fn in self._metrics.items()}

    def names(self):
        return list(self._metrics)
