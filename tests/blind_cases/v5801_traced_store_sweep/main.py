"""Learning-rate sweep over a DDP-wrapped regressor, one run after another in one process."""
import torch
import torch.nn as nn
from torch.nn.parallel import DistributedDataParallel as DDP

from launch import ensure_distributed, epoch_barrier

SWEEP = [{"name": "lr3e-2", "lr": 3e-2}, {"name": "lr1e-2", "lr": 1e-2}]


class Run:
    def __init__(self, cfg, rank=0, world_size=1):
        self.name = cfg["name"]
        self.cfg = cfg
        self.rank = rank
        self.world_size = world_size
        self.model = nn.Sequential(nn.Linear(12, 32), nn.Tanh(), nn.Linear(32, 1))
        self.optimizer = torch.optim.SGD(self.model.parameters(), lr=cfg["lr"], momentum=0.9)
        self.history = []


def fit(run, epochs=2, steps=4):
    ddp = DDP(run.model)
    for epoch in range(epochs):
        for _ in range(steps):
            x = torch.randn(16, 12)
            y = x[:, :3].sum(1, keepdim=True)
            loss = nn.functional.mse_loss(ddp(x), y)
            run.optimizer.zero_grad()
            loss.backward()
            run.optimizer.step()
        run.history.append(loss.item())
        epoch_barrier(f"{run.name}/epoch{epoch}")
    return run.history[-1]


def main():
    results = {}
    for cfg in SWEEP:
        run = Run(cfg)
        ensure_distributed(run)
        results[run.name] = fit(run)
    best = min(results, key=results.get)
    print(f"best config: {best} ({results[best]:.4f})")


if __name__ == "__main__":
    main()
