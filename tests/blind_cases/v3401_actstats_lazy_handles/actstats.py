"""Per-layer activation statistics gathered with forward hooks while validating."""
import functools
import logging
import math
from dataclasses import dataclass

import torch.nn as nn

log = logging.getLogger(__name__)

DEFAULT_TRACKED = (nn.Linear, nn.GELU, nn.ReLU)


@dataclass
class Moments:
    count: int = 0
    mean: float = 0.0
    m2: float = 0.0
    dead: float = 0.0

    def update(self, values):
        n = values.numel()
        batch_mean = float(values.mean())
        batch_var = float(values.var(unbiased=False))
        total = self.count + n
        delta = batch_mean - self.mean
        self.mean += delta * n / total
        self.m2 += batch_var * n + delta * delta * self.count * n / total
        self.dead += (float((values <= 0).float().mean()) - self.dead) * n / total
        self.count = total

    @property
    def std(self):
        return math.sqrt(self.m2 / max(self.count, 1))


class ActivationStats:
    """Context manager: while active, output moments of the tracked layers are accumulated."""

    def __init__(self, model, tracked=DEFAULT_TRACKED, prefix=""):
        self.layers = {name: module for name, module in model.named_modules()  # cycle
                       if isinstance(module, tracked) and name.startswith(prefix)}
        self.moments = {name: Moments() for name in self.layers}
        self.num_hooks = 0
        self._handles = ()

    def _record(self, name, module, inputs, output):
        self.moments[name].update(output.detach())

    def __enter__(self):
        self._handles = (
            module.register_forward_hook(functools.partial(self._record, name))  # cycle
            for name, module in self.layers.items())
        self.num_hooks = sum(1 for _ in self._handles)
        log.debug("activation stats: %d hooks", self.num_hooks)
        return self

    def __exit__(self, *exc_info):
        for handle in self._handles:
            handle.remove()
        self._handles = ()
        return False

    def report(self):
        return {name: (m.mean, m.std, m.dead) for name, m in self.moments.items() if m.count}
