"""Base trainer with named post-step hooks; concrete trainers plug into it."""
from collections import OrderedDict

import torch


class BaseTrainer:
    def __init__(self, model, optimizer):
        self.model = model
        self.optimizer = optimizer
        self.global_step = 0
        self._post_step_hooks = OrderedDict()

    def add_post_step_hook(self, name, fn):
        if name in self._post_step_hooks:
            raise KeyError(f"hook {name!r} already registered")
        self._post_step_hooks[name] = fn  # cycle

    def remove_post_step_hook(self, name):
        self._post_step_hooks.pop(name, None)

    def compute_loss(self, batch):
        raise NotImplementedError

    def train_step(self, batch):
        self.model.train()
        loss = self.compute_loss(batch)
        self.optimizer.zero_grad(set_to_none=True)
        loss.backward()
        self.optimizer.step()
        self.global_step += 1
        for fn in self._post_step_hooks.values():
            fn()
        return loss.detach()

    @torch.no_grad()
    def evaluate(self, batch):
        self.model.eval()
        return self.compute_loss(batch).item()
