"""Trainer whose data source occasionally blocks (a slow network mount) under a stall watchdog."""
import time

import torch
import torch.nn as nn

from watchdog import StallWatchdog

CFG = {"steps": 10, "slow_steps": {4: 0.12}, "threshold": 0.05}


class SlowSource:
    def __init__(self, slow_steps):
        self.slow_steps = slow_steps

    def fetch(self, step):
        time.sleep(self.slow_steps.get(step, 0.0))
        return torch.randn(16, 6), torch.randn(16, 1)


class Trainer:
    def __init__(self):
        self.model = nn.Sequential(nn.Linear(6, 16), nn.Tanh(), nn.Linear(16, 1))
        self.opt = torch.optim.RMSprop(self.model.parameters(), lr=1e-3)
        self.source = SlowSource(CFG["slow_steps"])

    def fit(self, watchdog):
        for step in range(CFG["steps"]):
            x, y = self.source.fetch(step)
            loss = nn.functional.mse_loss(self.model(x), y)
            self.opt.zero_grad()
            loss.backward()
            self.opt.step()
            watchdog.beat(step + 1)


def main():
    trainer = Trainer()
    with StallWatchdog(threshold=CFG["threshold"]) as watchdog:
        trainer.fit(watchdog)
    for report in watchdog.reports:
        print(f"stall after step {report.step}: {report.waited:.2f}s in {report.where()}")


if __name__ == "__main__":
    main()
