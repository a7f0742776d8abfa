"""Exponential moving average of the weights, used for the end-of-run evaluation."""
import copy

import torch


class Plugin:
    def __init__(self, decay=0.99):
        self.decay = decay

    def setup(self, model, optimizer):
        self.model = model
        self.shadow = copy.deepcopy(model).requires_grad_(False)

    @torch.no_grad()
    def on_batch_end(self, step, loss):
        for s, p in zip(self.shadow.parameters(), self.model.parameters()):
            s.mul_(self.decay).add_(p, alpha=1.0 - self.decay)
