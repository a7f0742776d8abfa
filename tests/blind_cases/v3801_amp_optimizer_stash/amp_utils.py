"""Apex-style mixed-precision helpers: dynamic loss scaling and optimizer patching."""
import math
from dataclasses import dataclass, field

import torch


@dataclass
class AmpStash:
    scaler: "DynamicLossScaler"
    all_fp32_params: list = field(default_factory=list)
    skipped_steps: int = 0


class DynamicLossScaler:
    def __init__(self, init_scale=2.0 ** 12, growth_interval=4, backoff=0.5):
        self.scale = init_scale
        self.growth_interval = growth_interval
        self.backoff = backoff
        self._good_steps = 0
        self._optimizers = []

    def attach(self, optimizer):
        params = [p for g in optimizer.param_groups for p in g["params"]]
        optimizer._amp_stash = AmpStash(self, params)  # cycle
        self._optimizers.append(optimizer)  # cycle
        return optimizer

    def scale_loss(self, loss):
        return loss * self.scale

    def unscale_and_check(self, optimizer):
        stash = optimizer._amp_stash
        finite = True
        for p in stash.all_fp32_params:
            if p.grad is None:
                continue
            p.grad.mul_(1.0 / self.scale)
            if not math.isfinite(float(p.grad.abs().sum())):
                finite = False
        return finite

    def update(self, finite):
        if not finite:
            self.scale *= self.backoff
            self._good_steps = 0
            return
        self._good_steps += 1
        if self._good_steps % self.growth_interval == 0:
            self.scale *= 2.0


def amp_step(scaler, optimizer):
    finite = scaler.unscale_and_check(optimizer)
    if finite:
        optimizer.step()
    else:
        optimizer._amp_stash.skipped_steps += 1
    scaler.update(finite)
    return finite
