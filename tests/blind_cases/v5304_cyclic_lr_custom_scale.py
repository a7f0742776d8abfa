"""Cyclical-LR trainer whose cycle amplitude decays per cycle, run for a few sweep trials."""
import math

import torch
import torch.nn as nn
from torch.optim.lr_scheduler import CyclicLR

TRIALS = [
    {"base_lr": 1e-3, "max_lr": 2e-2, "half_cycle": 3, "decay": 0.7, "warm_cycles": 1},
    {"base_lr": 5e-4, "max_lr": 1e-2, "half_cycle": 2, "decay": 0.5, "warm_cycles": 2},
]
STEPS = 12


class CyclicTrainer:
    def __init__(self, cfg):
        self.cfg = cfg
        self.model = nn.Sequential(nn.Linear(5, 20), nn.ReLU(), nn.Linear(20, 2))
        self.optimizer = torch.optim.SGD(self.model.parameters(), lr=cfg["base_lr"], momentum=0.9)
        self.scheduler = CyclicLR(  # cycle
            self.optimizer,
            base_lr=cfg["base_lr"],
            max_lr=cfg["max_lr"],
            step_size_up=cfg["half_cycle"],
            scale_fn=self._decayed_amplitude,  # cycle
            scale_mode="cycle",
            cycle_momentum=True,
        )
        self.lrs = []

    def _decayed_amplitude(self, cycle):
        """Full amplitude for the first warm cycles, then exponential decay per cycle."""
        extra = max(0.0, cycle - self.cfg["warm_cycles"])
        return math.pow(self.cfg["decay"], extra)

    def train_step(self, x, y):
        logits = self.model(x)
        loss = nn.functional.cross_entropy(logits, y)
        self.optimizer.zero_grad()
        loss.backward()
        self.optimizer.step()
        self.scheduler.step()
        self.lrs.append(self.scheduler.get_last_lr()[0])
        return loss.item()

    def fit(self, steps):
        losses = []
        for _ in range(steps):
            x = torch.randn(12, 5)
            y = (x[:, 0] > 0).long()
            losses.append(self.train_step(x, y))
        return sum(losses[-4:]) / 4


def main():
    for i, cfg in enumerate(TRIALS):
        torch.manual_seed(i)
        trainer = CyclicTrainer(cfg)
        tail_loss = trainer.fit(STEPS)
        print(f"trial {i}: tail loss {tail_loss:.3f}, peak lr {max(trainer.lrs):.4f}")


if __name__ == "__main__":
    main()
