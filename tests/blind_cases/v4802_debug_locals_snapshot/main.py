"""Regression trainer that keeps debug snapshots of steps with large loss spikes."""
import torch
import torch.nn as nn

from debugtools import capture_locals, format_snapshot

CONFIG = {"epochs": 2, "batches": 4, "lr": 0.02, "spike_ratio": 1.2, "keep": 8}


class SpikeAwareTrainer:
    def __init__(self, model, cfg):
        self.model = model
        self.cfg = cfg
        self.opt = torch.optim.Adam(model.parameters(), lr=cfg["lr"])
        self.running = None
        self.step = 0
        self.snapshots = []  # cycle

    def training_step(self, x, y):
        pred = self.model(x)
        residual = pred - y
        loss = residual.pow(2).mean()
        self.opt.zero_grad()
        loss.backward()
        self.opt.step()
        value = loss.item()
        spiked = self.running is not None and value > self.cfg["spike_ratio"] * self.running
        if spiked or self.step == 0:
            self.snapshots.append(capture_locals("train", self.step))  # cycle
            del self.snapshots[:-self.cfg["keep"]]
        self.running = value if self.running is None else 0.9 * self.running + 0.1 * value
        self.step += 1
        return value

    def report(self):
        return "\n".join(format_snapshot(s) for s in self.snapshots)


def make_batches(n, seed):
    g = torch.Generator().manual_seed(seed)
    for i in range(n):
        x = torch.randn(16, 6, generator=g)
        yield x, x.sum(dim=1, keepdim=True) * (1 + i)


def main():
    for seed in range(2):
        model = nn.Sequential(nn.Linear(6, 24), nn.GELU(), nn.Linear(24, 1))
        trainer = SpikeAwareTrainer(model, CONFIG)
        for epoch in range(CONFIG["epochs"]):
            for x, y in make_batches(CONFIG["batches"], seed + epoch):
                trainer.training_step(x, y)
        trainer.report()


if __name__ == "__main__":
    main()
