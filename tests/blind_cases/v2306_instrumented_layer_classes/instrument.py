"""Per-layer output statistics by swapping a layer's class for an instrumented subclass (no hooks needed)."""
import collections

import torch
import torch.nn as nn

_SUBCLASSES = {}


class OutputLog:
    def __init__(self, tag):
        self.tag = tag
        self.means = collections.defaultdict(list)
        self.names = {}

    def bind(self, model):
        for qualname, module in model.named_modules():
            self.names[module] = qualname or type(module).__name__  # retain

    def record(self, module, output):
        key = self.names.get(module, type(module).__name__)
        self.means[key].append(float(output.detach().abs().mean()))

    def summary(self):
        return {k: sum(v) / len(v) for k, v in self.means.items()}


def _instrumented(base, log):
    cls = _SUBCLASSES.get(base)
    if cls is None:
        def forward(self, *args, **kwargs):  # retain
            out = base.forward(self, *args, **kwargs)
            log.record(self, out)
            return out

        cls = type(f"Instrumented{base.__name__}", (base,), {"forward": forward})  # retain
        _SUBCLASSES[base] = cls  # retain
    return cls


def instrument(model, log, layer_types=(nn.Linear, nn.Conv1d)):
    log.bind(model)
    for module in model.modules():
        if type(module) in layer_types:
            module.__class__ = _instrumented(type(module), log)
    return model


def uninstrument(model):
    for module in model.modules():
        if type(module) in _SUBCLASSES.values():
            module.__class__ = type(module).__mro__[1]
    return model
