"""Activation statistics for the dashboard.

The trainer owns its monitor, so the monitor only keeps a weak reference to
the trainer and asks it for the current step when a layer fires.
"""
import collections
import functools
import weakref

import torch.nn as nn


def _record(stats, name, trainer, module, inputs, output):
    if trainer.global_step % trainer.log_every:
        return
    out = output.detach()
    stats[name].append((trainer.global_step, out.abs().mean().item(), out.std().item()))


class ActivationMonitor:
    def __init__(self, trainer, layer_types=(nn.Linear, nn.Conv1d)):
        self._trainer = weakref.ref(trainer)
        self.layer_types = layer_types
        self.stats = collections.defaultdict(list)
        self.handles = []

    @property
    def trainer(self):
        trainer = self._trainer()
        if trainer is None:
            raise RuntimeError("monitor outlived its trainer")
        return trainer

    def attach(self, model):
        for name, module in model.named_modules():
            if not isinstance(module, self.layer_types):
                continue
            hook = functools.partial(_record, self.stats, name, self.trainer)  # cycle
            self.handles.append(module.register_forward_hook(hook))  # cycle
        return self

    def summary(self):
        return {name: rows[-1][1] for name, rows in self.stats.items() if rows}
