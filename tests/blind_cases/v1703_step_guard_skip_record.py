"""Trainer that skips unstable batches and keeps a record of every skipped step."""
import dataclasses
import math

import torch
import torch.nn as nn


class UnstableLoss(ArithmeticError):
    pass


@dataclasses.dataclass
class SkippedStep:
    epoch: int
    step: int
    reason: BaseException

    def describe(self):
        return f"epoch {self.epoch} step {self.step}: {type(self.reason).__name__}"


class _StepGuard:
    def __init__(self, trainer, epoch, step):
        self.trainer = trainer
        self.epoch = epoch
        self.step = step

    def __enter__(self):
        return self

    def __exit__(self, exc_type, exc, tb):
        if exc_type is None or not issubclass(exc_type, self.trainer.skippable):
            return False
        self.trainer.skipped.append(SkippedStep(self.epoch, self.step, exc))  # cycle
        self.trainer.optimizer.zero_grad(set_to_none=True)
        return True


class Trainer:
    skippable = (UnstableLoss,)

    def __init__(self, model, lr=0.05, max_loss=50.0):
        self.model = model
        self.optimizer = torch.optim.SGD(model.parameters(), lr=lr)
        self.max_loss = max_loss
        self.skipped = []  # cycle

    def guard(self, epoch, step):
        return _StepGuard(self, epoch, step)

    def training_step(self, x, y):
        loss = nn.functional.mse_loss(self.model(x), y)
        value = loss.item()
        if not math.isfinite(value) or value > self.max_loss:
            raise UnstableLoss(f"loss {value:.1f} above {self.max_loss}")
        self.optimizer.zero_grad()
        loss.backward()
        self.optimizer.step()
        return value

    def fit(self, batches, epochs=2):
        history = []
        for epoch in range(epochs):
            for step, (x, y) in enumerate(batches):
                with self.guard(epoch, step):
                    history.append(self.training_step(x, y))
        return history


def make_batches(n=4, outlier=2):
    batches = []
    for i in range(n):
        x = torch.randn(16, 8)
        y = x.sum(1, keepdim=True)
        if i == outlier:
            y = y * 1e3
        batches.append((x, y))
    return batches


def main():
    for seed in range(2):
        torch.manual_seed(seed)
        trainer = Trainer(nn.Sequential(nn.Linear(8, 32), nn.ReLU(), nn.Linear(32, 1)))
        trainer.fit(make_batches())
        assert trainer.skipped, "the outlier batch should have been skipped"


if __name__ == "__main__":
    main()
