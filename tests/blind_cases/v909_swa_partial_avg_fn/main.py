"""Trainer that keeps an EMA copy through torch.optim.swa_utils.AveragedModel."""
import functools
from dataclasses import dataclass

import torch
import torch.nn as nn
from torch.optim.swa_utils import AveragedModel

from averaging import ema_avg, max_param_gap
from models import DeepMLP


@dataclass
class EMAConfig:
    decay: float = 0.95
    start_step: int = 2
    lr: float = 5e-3


class EMATrainer:
    def __init__(self, model, cfg):
        self.model = model
        self.cfg = cfg
        self.opt = torch.optim.Adam(model.parameters(), lr=cfg.lr)
        self.averaged = AveragedModel(model, avg_fn=functools.partial(ema_avg, decay=self.cfg.decay))
        self.global_step = 0

    def step(self, x, y):
        self.model.train()
        loss = nn.functional.smooth_l1_loss(self.model(x), y)
        self.opt.zero_grad(set_to_none=True)
        loss.backward()
        self.opt.step()
        self.global_step += 1
        if self.global_step >= self.cfg.start_step:
            self.averaged.update_parameters(self.model)
        return loss.item()

    @torch.no_grad()
    def evaluate(self, x, y):
        self.averaged.eval()
        return nn.functional.smooth_l1_loss(self.averaged(x), y).item()


def main():
    torch.manual_seed(0)
    for decay in (0.9, 0.99):
        trainer = EMATrainer(DeepMLP(), EMAConfig(decay=decay))
        for _ in range(5):
            x = torch.randn(16, 12)
            trainer.step(x, x[:, :1] * 2.0)
        xv = torch.randn(32, 12)
        val = trainer.evaluate(xv, xv[:, :1] * 2.0)
        gap = max_param_gap(trainer.model, trainer.averaged.module)
        print(f"decay={decay}: ema val loss {val:.4f}, max gap {gap:.4f}")


if __name__ == "__main__":
    main()
