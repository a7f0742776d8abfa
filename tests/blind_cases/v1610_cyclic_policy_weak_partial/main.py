"""Cyclic learning-rate policy with triangular, halving and exponential-range amplitudes."""
import functools
import math

import torch
import torch.nn as nn

from weakcall import WeakCallable


class CyclicPolicy:
    def __init__(self, optimizer, base_lr, max_lr, half_cycle, mode="triangular", gamma=1.0):
        self.optimizer = optimizer
        self.base_lr = base_lr
        self.max_lr = max_lr
        self.half_cycle = half_cycle
        self.iteration = 0
        if mode == "exp_range":
            scale = functools.partial(self._exp_range_scale, gamma=gamma)
        elif mode == "triangular2":
            scale = self._halving_scale
        else:
            scale = self._unit_scale
        self.scale_fn = WeakCallable(scale)
        self.scale_on_iterations = mode == "exp_range"
        self._apply(base_lr)

    def _unit_scale(self, x):
        return 1.0

    def _halving_scale(self, x):
        return 1.0 / (2.0 ** (x - 1))

    def _exp_range_scale(self, x, gamma):
        return gamma ** x

    def _apply(self, lr):
        for group in self.optimizer.param_groups:
            group["lr"] = lr

    def step(self):
        self.iteration += 1
        cycle = math.floor(1 + self.iteration / (2 * self.half_cycle))
        x = abs(self.iteration / self.half_cycle - 2 * cycle + 1)
        arg = self.iteration if self.scale_on_iterations else cycle
        lr = self.base_lr + (self.max_lr - self.base_lr) * max(0.0, 1.0 - x) * self.scale_fn(arg)
        self._apply(lr)
        return lr


SWEEP = [
    {"base_lr": 1e-3, "max_lr": 5e-2, "half_cycle": 2, "mode": "exp_range", "gamma": 0.97},
    {"base_lr": 5e-4, "max_lr": 1e-2, "half_cycle": 3, "mode": "exp_range", "gamma": 0.99},
]


def run_trial(cfg, steps=5):
    model = nn.Sequential(nn.Linear(6, 16), nn.Tanh(), nn.Linear(16, 1))
    opt = torch.optim.SGD(model.parameters(), lr=cfg["base_lr"], momentum=0.9)
    policy = CyclicPolicy(opt, **cfg)
    lrs = []
    for _ in range(steps):
        x, y = torch.randn(12, 6), torch.randn(12, 1)
        loss = nn.functional.mse_loss(model(x), y)
        opt.zero_grad()
        loss.backward()
        opt.step()
        lrs.append(policy.step())
    return loss.item(), max(lrs)


def main():
    for cfg in SWEEP:
        run_trial(cfg)


if __name__ == "__main__":
    main()
