"""Warm-up + step-decay scheduler that reports where it was first stepped too early."""
import sys
import traceback
import warnings

import torch
import torch.nn as nn


class WarmupStepDecay(torch.optim.lr_scheduler._LRScheduler):
    # first premature call site per scheduler class, formatted lazily by report()
    _early_call_sites = {}

    def __init__(self, optimizer, warmup, step_size, gamma=0.5, last_epoch=-1):
        self.warmup = warmup
        self.step_size = step_size
        self.gamma = gamma
        super().__init__(optimizer, last_epoch)

    def get_lr(self):
        epoch = self.last_epoch
        if epoch < self.warmup:
            factor = (epoch + 1) / self.warmup
        else:
            factor = self.gamma ** ((epoch - self.warmup) // self.step_size + 1)
        return [base_lr * factor for base_lr in self.base_lrs]

    def step(self, epoch=None):
        premature = self._step_count >= 1 and getattr(self.optimizer, "_step_count", 0) < 1
        if premature:
            key = type(self).__qualname__
            if key not in self._early_call_sites:
                self._early_call_sites[key] = sys._getframe(1)  # retain
        with warnings.catch_warnings():
            warnings.simplefilter("ignore", UserWarning)
            super().step(epoch)

    @classmethod
    def report(cls):
        lines = []
        for key, frame in cls._early_call_sites.items():
            where = traceback.format_stack(frame, limit=1)[-1].strip().splitlines()[0]
            lines.append("%s.step() called before optimizer.step(): %s" % (key, where))
        return lines


class Trainer:
    def __init__(self, cfg):
        self.model = nn.Sequential(nn.Linear(10, 32), nn.ReLU(), nn.Dropout(0.1), nn.Linear(32, 1))
        self.optimizer = torch.optim.SGD(self.model.parameters(), lr=cfg["lr"], momentum=0.9)
        self.scheduler = WarmupStepDecay(self.optimizer, cfg["warmup"], cfg["step_size"])
        self.epochs = cfg["epochs"]
        self.lrs = []

    def fit(self, loader):
        for epoch in range(self.epochs):
            self.scheduler.step()
            self.lrs.append(self.scheduler.get_last_lr()[0])
            for x, y in loader:
                self.optimizer.zero_grad()
                loss = nn.functional.mse_loss(self.model(x), y)
                loss.backward()
                self.optimizer.step()
        return loss.item()


def make_loader(seed, n_batches=3):
    gen = torch.Generator().manual_seed(seed)
    w = torch.randn(10, 1, generator=gen)
    out = []
    for _ in range(n_batches):
        x = torch.randn(16, 10, generator=gen)
        out.append((x, x @ w + 0.1 * torch.randn(16, 1, generator=gen)))
    return out


def main():
    cfg = {"lr": 0.02, "warmup": 2, "step_size": 2, "epochs": 4}
    for seed in range(2):
        trainer = Trainer(cfg)
        loss = trainer.fit(make_loader(seed))
        print("seed %d: loss %.4f, lr per epoch %s" % (seed, loss, ["%.4f" % lr for lr in trainer.lrs]))
    for line in WarmupStepDecay.report():
        print(line)


if __name__ == "__main__":
    main()
