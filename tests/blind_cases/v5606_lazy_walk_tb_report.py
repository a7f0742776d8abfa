"""Trainer that skips diverging batches and keeps a failure log with lazily formatted stacks."""
import itertools
import traceback

import torch
import torch.nn as nn

CONFIG = {"epochs": 3, "steps": 5, "lr": 0.1, "loss_limit": 25.0, "max_frames": 6, "spike_step": 2}


class LossSpike(ArithmeticError):
    pass


class StepFailure:
    def __init__(self, epoch, step, error, frames):
        self.epoch = epoch
        self.step = step
        self.error_type = type(error).__name__
        self.message = str(error)
        self.frames = frames  # cycle

    def render(self):
        lines = [f"epoch {self.epoch} step {self.step}: {self.error_type}: {self.message}"]
        for frame, lineno in self.frames:
            lines.append(f"  {frame.f_code.co_name} line {lineno}")
        return "\n".join(lines)


class Trainer:
    def __init__(self, model, cfg):
        self.model = model
        self.cfg = cfg
        self.opt = torch.optim.SGD(model.parameters(), lr=cfg["lr"])
        self.failures = []  # cycle

    def _loss(self, x, y):
        loss = nn.functional.mse_loss(self.model(x), y)
        if loss.item() > self.cfg["loss_limit"]:
            raise LossSpike(f"loss {loss.item():.1f} above {self.cfg['loss_limit']}")
        return loss

    def _record(self, epoch, step, err):
        frames = itertools.islice(traceback.walk_tb(err.__traceback__), self.cfg["max_frames"])  # cycle
        self.failures.append(StepFailure(epoch, step, err, frames))  # cycle

    def fit(self):
        for epoch in range(self.cfg["epochs"]):
            for step in range(self.cfg["steps"]):
                x = torch.randn(16, 6)
                y = x.sum(dim=1, keepdim=True)
                if step == self.cfg["spike_step"]:
                    y = y * 100.0
                try:
                    loss = self._loss(x, y)
                except LossSpike as err:
                    self._record(epoch, step, err)
                    continue
                self.opt.zero_grad()
                loss.backward()
                self.opt.step()
        return len(self.failures)


def main():
    for seed in range(2):
        torch.manual_seed(seed)
        model = nn.Sequential(nn.Linear(6, 24), nn.ReLU(), nn.Linear(24, 1))
        trainer = Trainer(model, CONFIG)
        skipped = trainer.fit()
        print(f"seed {seed}: skipped {skipped} batches")
        print(trainer.failures[0].render())


if __name__ == "__main__":
    main()
