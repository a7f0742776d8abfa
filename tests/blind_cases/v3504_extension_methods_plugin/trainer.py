"""Minimal trainer whose optional behaviour is plugged in from the extension registry."""
import types

import torch.nn as nn

from extensions import EXTENSIONS


class MissingOption(KeyError):
    pass


class Trainer:
    def __init__(self, model, optimizer, options):
        self.model = model
        self.optimizer = optimizer
        self.options = dict(options)
        self.step = 0
        self.stats = {}
        self.enabled = []
        for name in self.options.get("extensions", ()):
            self._install(name)

    def _install(self, name):
        fn = EXTENSIONS[name]
        missing = [k for k in fn.requires if k not in self.options]
        if missing:
            raise MissingOption(f"{name} needs {missing}")
        setattr(self, name, types.MethodType(fn, self))  # cycle
        self.enabled.append(name)

    def _run_extensions(self):
        for name in self.enabled:
            getattr(self, name)()

    def train_step(self, x, y):
        self.model.train()
        loss = nn.functional.binary_cross_entropy_with_logits(self.model(x).squeeze(-1), y)
        self.optimizer.zero_grad()
        loss.backward()
        self._run_extensions()
        self.optimizer.step()
        self.step += 1
        return loss.item()
