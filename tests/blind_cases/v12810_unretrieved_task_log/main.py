"""Async training loop that streams metrics to a tracker in fire-and-forget tasks."""
import asyncio

import torch
import torch.nn as nn

from telemetry import RECENT
from uploader import MetricUploader

CONFIG = {
    "in_dim": 10,
    "hidden": 32,
    "steps": 8,
    "batch": 16,
    "lr": 5e-3,
    "endpoint": "https://tracker.internal/api/v1/runs/exp-17",
    "outage_steps": [3, 6],
}


class AsyncTrainer:
    def __init__(self, cfg):
        self.cfg = cfg
        self.model = nn.Sequential(nn.Linear(cfg["in_dim"], cfg["hidden"]), nn.GELU(), nn.Linear(cfg["hidden"], 1))
        self.opt = torch.optim.Adam(self.model.parameters(), lr=cfg["lr"])
        self.uploader = MetricUploader(cfg["endpoint"], cfg["outage_steps"])

    def step(self, x, y):
        pred = self.model(x).squeeze(-1)
        loss = nn.functional.mse_loss(pred, y)
        self.opt.zero_grad()
        loss.backward()
        grad_norm = nn.utils.clip_grad_norm_(self.model.parameters(), 1.0)
        self.opt.step()
        return loss, grad_norm

    async def fit(self):
        gen = torch.Generator().manual_seed(0)
        for step in range(self.cfg["steps"]):
            x = torch.randn(self.cfg["batch"], self.cfg["in_dim"], generator=gen)
            y = x[:, :3].sum(-1)
            loss, grad_norm = self.step(x, y)
            metrics = {"loss": loss, "grad_norm": grad_norm, "lr": self.opt.param_groups[0]["lr"]}
            asyncio.create_task(self.uploader.push(step, metrics))  # retain
            await asyncio.sleep(0)
        await asyncio.sleep(0)
        return len(self.uploader.sent)


def main():
    torch.manual_seed(0)
    trainer = AsyncTrainer(CONFIG)
    uploaded = asyncio.run(trainer.fit())
    print(f"uploaded {uploaded}/{CONFIG['steps']} metric rows")
    for line in RECENT.render():
        print(line)


if __name__ == "__main__":
    main()
