"""Exponential moving average of model weights with a decay warm-up (timm / YOLO style)."""
import math

import torch
from torch.optim.swa_utils import AveragedModel


class WeightEMA:
    """Keeps an averaged copy of the model; early updates use a smaller effective decay."""

    def __init__(self, model, decay=0.999, warmup=2000, update_every=1):
        self.decay = decay
        self.warmup = warmup
        self.update_every = update_every
        self.steps = 0
        self.averaged = AveragedModel(model, avg_fn=self._blend)  # cycle
        self.averaged.eval()
        for p in self.averaged.parameters():
            p.requires_grad_(False)

    def effective_decay(self, num_updates):
        return self.decay * (1.0 - math.exp(-num_updates / self.warmup))

    def _blend(self, averaged_param, model_param, num_averaged):
        d = self.effective_decay(int(num_averaged))
        return averaged_param * d + model_param * (1.0 - d)

    def step(self, model):
        self.steps += 1
        if self.steps % self.update_every == 0:
            self.averaged.update_parameters(model)

    @property
    def module(self):
        return self.averaged.module

    def state_dict(self):
        return {"steps": self.steps, "averaged": self.averaged.state_dict()}
