"""Trainer with a private logger whose handler writes back into the trainer."""
import logging

import torch
import torch.nn as nn

from loghandler import TrainerStateHandler


class Trainer:
    def __init__(self, model, run_name):
        self.model = model
        self.opt = torch.optim.RMSprop(model.parameters(), lr=1e-3)
        self.global_step = 0
        self.log_lines = []
        self.log = logging.Logger(f"trainer.{run_name}")  # cycle
        self.log.setLevel(logging.INFO)
        self.log.propagate = False
        self.log.addHandler(TrainerStateHandler(self))  # cycle

    def step(self, x, y):
        loss = nn.functional.binary_cross_entropy_with_logits(self.model(x).squeeze(1), y)
        self.opt.zero_grad()
        loss.backward()
        self.opt.step()
        self.global_step += 1
        self.log.info("loss=%.4f", loss.item())


def main():
    torch.manual_seed(0)
    for run in ("a", "b", "c"):
        model = nn.Sequential(nn.Linear(6, 12), nn.ReLU(), nn.Linear(12, 1))
        trainer = Trainer(model, run)
        for _ in range(3):
            trainer.step(torch.randn(8, 6), torch.randint(0, 2, (8,)).float())
        assert len(trainer.log_lines) == 3


if __name__ == "__main__":
    main()
