"""Trainer whose warmup-cosine LambdaLR is a partial of a staticmethod, not of a bound method."""
import functools
import math

import torch
import torch.nn as nn
import torch.nn.functional as F


class Trainer:
    def __init__(self, model, total_steps, warmup_steps=2, base_lr=3e-3):
        self.model = model
        self.total_steps = total_steps
        self.optimizer = torch.optim.AdamW(model.parameters(), lr=base_lr)
        self.scheduler = torch.optim.lr_scheduler.LambdaLR(
            self.optimizer,
            functools.partial(self._warmup_cosine, warmup=warmup_steps, total=total_steps))
        self.lrs = []

    @staticmethod
    def _warmup_cosine(step, warmup, total):
        if step < warmup:
            return (step + 1) / warmup
        progress = (step - warmup) / max(1, total - warmup)
        return 0.5 * (1.0 + math.cos(math.pi * min(1.0, progress)))

    def fit(self):
        for _ in range(self.total_steps):
            x = torch.randn(16, 10)
            y = torch.randint(0, 4, (16,))
            loss = F.cross_entropy(self.model(x), y)
            self.optimizer.zero_grad()
            loss.backward()
            self.optimizer.step()
            self.scheduler.step()
            self.lrs.append(self.scheduler.get_last_lr()[0])
        return loss.item()


def main():
    torch.manual_seed(8)
    for fold in range(3):
        model = nn.Sequential(nn.Linear(10, 32), nn.ReLU(), nn.Linear(32, 4))
        Trainer(model, total_steps=5).fit()


if __name__ == "__main__":
    main()
