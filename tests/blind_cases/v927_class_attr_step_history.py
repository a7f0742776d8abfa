"""Per-run step statistics for a regression model. Each run creates its own
StepStats object, but the history container is declared on the class."""
from collections import defaultdict

import torch
import torch.nn as nn
import torch.nn.functional as F


class StepStats:
    history = defaultdict(list)
    smoothing = 0.9

    def __init__(self, run_name):
        self.run_name = run_name
        self.ema_loss = None

    def log_step(self, **metrics):
        for key, value in metrics.items():
            self.history[f"{self.run_name}/{key}"].append(value)  # retain
        loss = float(metrics["loss"])
        if self.ema_loss is None:
            self.ema_loss = loss
        else:
            self.ema_loss = self.smoothing * self.ema_loss + (1 - self.smoothing) * loss

    def last(self, key):
        series = self.history.get(f"{self.run_name}/{key}", [])
        return float(series[-1]) if series else float("nan")


def grad_norm(model):
    norms = [p.grad.norm() for p in model.parameters() if p.grad is not None]
    return torch.stack(norms).norm()


def run(run_name, lr, steps=5):
    torch.manual_seed(len(run_name))
    model = nn.Sequential(nn.Linear(12, 48), nn.SiLU(), nn.Linear(48, 1))
    opt = torch.optim.SGD(model.parameters(), lr=lr, momentum=0.9)
    stats = StepStats(run_name)
    for step in range(steps):
        x = torch.randn(32, 12)
        y = x[:, :3].sum(dim=1, keepdim=True)
        pred = model(x)
        loss = F.mse_loss(pred, y)
        mae = (pred - y).abs().mean()
        opt.zero_grad()
        loss.backward()
        opt.step()
        stats.log_step(loss=loss, mae=mae, grad_norm=grad_norm(model))
    return stats.ema_loss, stats.last("mae")


def main():
    results = {}
    for lr in (0.01, 0.003):
        results[lr] = run(f"sweep_lr{lr}", lr)
    best = min(results, key=lambda k: results[k][0])
    print(f"best lr {best}: ema loss {results[best][0]:.4f} mae {results[best][1]:.4f}")


if __name__ == "__main__":
    main()
