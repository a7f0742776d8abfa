"""Exponential moving average of the model weights."""
import copy

import torch


class WeightEMA:
    def __init__(self, model, decay):
        self.decay = decay
        self.shadow = copy.deepcopy(model).eval()
        for p in self.shadow.parameters():
            p.requires_grad_(False)

    @torch.no_grad()
    def on_step_end(self, trainer):
        for s, p in zip(self.shadow.parameters(), trainer.model.parameters()):
            s.mul_(self.decay).add_(p.detach(), alpha=1.0 - self.decay)


def setup(trainer, decay=0.9):
    ext = WeightEMA(trainer.model, decay)
    trainer.callbacks.append(ext)
    return ext
