"""Config-driven scheduler factory shared by the trainer and an LR-logging callback."""
import functools
import math

import torch
import torch.nn as nn
from torch.optim.lr_scheduler import CosineAnnealingLR, LambdaLR, StepLR

EXPERIMENTS = [
    {"name": "cosine", "scheduler": "cosine", "lr": 0.1, "steps": 8},
    {"name": "warmup", "scheduler": "linear_warmup", "lr": 0.05, "steps": 8},
    {"name": "step", "scheduler": "step", "lr": 0.1, "steps": 8},
]


def _warmup_factor(total_steps, step):
    warm = max(1, total_steps // 4)
    if step < warm:
        return (step + 1) / warm
    return max(0.0, (total_steps - step) / (total_steps - warm))


@functools.lru_cache(maxsize=None)
def get_scheduler(optimizer, name, total_steps):
    """Return the run's scheduler; repeated lookups for the same optimizer get the same instance."""
    if name == "cosine":
        return CosineAnnealingLR(optimizer, T_max=total_steps)
    if name == "linear_warmup":
        return LambdaLR(optimizer, functools.partial(_warmup_factor, total_steps))
    if name == "step":
        return StepLR(optimizer, step_size=max(1, total_steps // 3), gamma=0.5)
    raise ValueError(f"unknown scheduler {name!r}")


class LRLogger:
    def __init__(self):
        self.rows = []

    def on_step_end(self, step, optimizer, cfg):
        sched = get_scheduler(optimizer, cfg["scheduler"], cfg["steps"])
        self.rows.append((step, sched.get_last_lr()[0]))


def run(cfg, callbacks):
    model = nn.Sequential(nn.Linear(6, 12), nn.ReLU(), nn.Linear(12, 1))
    optimizer = torch.optim.SGD(model.parameters(), lr=cfg["lr"])
    scheduler = get_scheduler(optimizer, cfg["scheduler"], cfg["steps"])  # retain
    for step in range(cfg["steps"]):
        x = torch.randn(10, 6)
        y = torch.sin(x.sum(dim=1, keepdim=True))
        loss = nn.functional.mse_loss(model(x), y)
        optimizer.zero_grad()
        loss.backward()
        optimizer.step()
        scheduler.step()
        for cb in callbacks:
            cb.on_step_end(step, optimizer, cfg)
    return loss.item()


def main():
    for cfg in EXPERIMENTS:
        logger = LRLogger()
        final = run(cfg, [logger])
        lrs = [lr for _, lr in logger.rows]
        spread = max(lrs) - min(lrs)
        print(f"{cfg['name']}: final loss {final:.3f}, lr range {spread:.4f}, finite={math.isfinite(final)}")


if __name__ == "__main__":
    main()
