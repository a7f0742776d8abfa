"""Forward-hook FLOP counter with per-layer-type handlers (thop/fvcore style)."""
import functools
from collections import Counter

import torch.nn as nn

_HANDLERS = {}


def register_handler(*module_types):
    def deco(fn):
        for t in module_types:
            _HANDLERS[t] = fn
        return fn
    return deco


@register_handler(nn.Linear)
def _linear(module, inputs, output):
    return inputs[0].numel() // inputs[0].shape[-1] * module.in_features * module.out_features


@register_handler(nn.Conv2d)
def _conv(module, inputs, output):
    k = module.in_channels // module.groups * module.kernel_size[0] * module.kernel_size[1]
    return output.numel() * k


@register_handler(nn.BatchNorm2d, nn.LayerNorm)
def _norm(module, inputs, output):
    return 2 * inputs[0].numel()


@functools.lru_cache(maxsize=None)
def handler_for(cls):
    for base in cls.__mro__:
        if base in _HANDLERS:
            return _HANDLERS[base]
    return None


class FlopCounter:
    def __init__(self, model):
        self.model = model
        self.counts = Counter()
        self._handles = []

    def _make_hook(self, name, handler):
        def hook(module, inputs, output):
            self.counts[name] += handler(module, inputs, output)
        return hook

    def __enter__(self):
        for name, module in self.model.named_modules():
            handler = handler_for(type(module))  # retain
            if handler is not None:
                self._handles.append(module.register_forward_hook(self._make_hook(name, handler)))
        return self

    def __exit__(self, *exc):
        for h in self._handles:
            h.remove()
        self._handles.clear()
        return False

    @property
    def total(self):
        return sum(self.counts.values())
