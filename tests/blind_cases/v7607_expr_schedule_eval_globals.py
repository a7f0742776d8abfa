"""LR multipliers written as expressions in the run config and compiled once."""
import math

import torch
import torch.nn as nn
import torch.nn.functional as F
from torch.optim.lr_scheduler import LambdaLR

RUNS = {
    "warmup-cosine": {
        "lr": 3e-3, "steps": 12, "warmup": 3,
        "lr_expr": "min(1.0, (step + 1) / self.warmup) * 0.5 * (1 + math.cos(math.pi * min(step, self.total) / self.total))",
    },
    "inverse-sqrt": {
        "lr": 1e-2, "steps": 12, "warmup": 4,
        "lr_expr": "min((step + 1) / self.warmup, math.sqrt(self.warmup / (step + 1)))",
    },
    "triangular": {
        "lr": 5e-3, "steps": 12, "warmup": 2, "cycle": 6,
        "lr_expr": "1.0 - abs((step % self.cycle) / (self.cycle / 2) - 1.0) * 0.9",
    },
}


class ExprSchedule:
    """Callable LR multiplier: ``lr_expr`` may use ``step``, ``math`` and ``self.<option>``."""

    def __init__(self, lr_expr, total, **options):
        self.lr_expr = lr_expr
        self.total = total
        for key, value in options.items():
            setattr(self, key, value)
        self._fn = eval("lambda step: " + lr_expr, {"math": math, "self": self})  # cycle
        self(0)

    def __call__(self, step):
        factor = float(self._fn(step))
        if not math.isfinite(factor) or factor < 0:
            raise ValueError(f"lr_expr gave {factor} at step {step}: {self.lr_expr}")
        return factor


def build(cfg):
    model = nn.Sequential(nn.Linear(6, 24), nn.ReLU(), nn.Linear(24, 1))
    optimizer = torch.optim.Adam(model.parameters(), lr=cfg["lr"])
    options = {k: v for k, v in cfg.items() if k not in ("lr", "steps", "lr_expr")}
    schedule = ExprSchedule(cfg["lr_expr"], total=cfg["steps"], **options)
    return model, optimizer, LambdaLR(optimizer, schedule)


def main():
    torch.manual_seed(0)
    x = torch.randn(128, 6)
    y = (x[:, :2].sum(dim=1, keepdim=True)).tanh()
    for name, cfg in RUNS.items():
        model, optimizer, scheduler = build(cfg)
        lrs = []
        for step in range(cfg["steps"]):
            idx = torch.randint(0, len(x), (32,))
            loss = F.mse_loss(model(x[idx]), y[idx])
            optimizer.zero_grad()
            loss.backward()
            optimizer.step()
            scheduler.step()
            lrs.append(scheduler.get_last_lr()[0])
        print(f"{name:14s} peak lr {max(lrs):.2e}  final loss {loss.item():.4f}")


if __name__ == "__main__":
    main()
