"""Optimizer + LR-schedule bundle configured by name, as passed around by the trainer."""
import math
from dataclasses import dataclass

import torch
import torch.nn as nn
from torch.optim.lr_scheduler import LambdaLR


@dataclass
class OptimConfig:
    lr: float = 3e-3
    weight_decay: float = 0.05
    warmup_steps: int = 3
    total_steps: int = 12
    schedule: str = "cosine"
    min_lr_ratio: float = 0.1


def split_decay_groups(model, weight_decay):
    decay, no_decay = [], []
    for name, p in model.named_parameters():
        if not p.requires_grad:
            continue
        (no_decay if p.ndim <= 1 or name.endswith(".bias") else decay).append(p)
    return [{"params": decay, "weight_decay": weight_decay},
            {"params": no_decay, "weight_decay": 0.0}]


class ScheduledOptimizer:
    """Owns the model's AdamW and a per-step LambdaLR; `cfg.schedule` picks the shape."""

    def __init__(self, model, cfg):
        self.model = model
        self.cfg = cfg
        self.optimizer = torch.optim.AdamW(split_decay_groups(model, cfg.weight_decay), lr=cfg.lr)
        self.scheduler = LambdaLR(self.optimizer, getattr(self, f"_{cfg.schedule}_factor"))  # cycle
        self.steps_taken = 0

    def _warmup(self, step):
        return min(1.0, (step + 1) / max(1, self.cfg.warmup_steps))

    def _cosine_factor(self, step):
        if step < self.cfg.warmup_steps:
            return self._warmup(step)
        progress = (step - self.cfg.warmup_steps) / max(1, self.cfg.total_steps - self.cfg.warmup_steps)
        cos = 0.5 * (1.0 + math.cos(math.pi * min(1.0, progress)))
        return self.cfg.min_lr_ratio + (1.0 - self.cfg.min_lr_ratio) * cos

    def _linear_factor(self, step):
        if step < self.cfg.warmup_steps:
            return self._warmup(step)
        return max(self.cfg.min_lr_ratio, 1.0 - step / self.cfg.total_steps)

    def step(self, loss):
        self.optimizer.zero_grad(set_to_none=True)
        loss.backward()
        nn.utils.clip_grad_norm_(self.model.parameters(), 1.0)
        self.optimizer.step()
        self.scheduler.step()
        self.steps_taken += 1
        return self.scheduler.get_last_lr()[0]


def run(schedule):
    cfg = OptimConfig(schedule=schedule)
    model = nn.Sequential(nn.Linear(6, 24), nn.SiLU(), nn.LayerNorm(24), nn.Linear(24, 1))
    sopt = ScheduledOptimizer(model, cfg)
    lrs = []
    for _ in range(5):
        x = torch.randn(16, 6)
        loss = (model(x).squeeze(1) - x.sum(1)).pow(2).mean()
        lrs.append(sopt.step(loss))
    return lrs


def main():
    for schedule in ("cosine", "linear"):
        print(schedule, [f"{lr:.2e}" for lr in run(schedule)])


if __name__ == "__main__":
    main()
