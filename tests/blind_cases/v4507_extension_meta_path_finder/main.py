"""Runs several training configurations; optional behaviour comes from extensions named in the config."""
import os

import torch
import torch.nn as nn
import torch.nn.functional as F

from exthost import ExtensionHost

EXT_DIR = os.path.join(os.path.dirname(os.path.abspath(__file__)), "extensions")


class Trainer:
    def __init__(self, cfg):
        self.cfg = cfg
        torch.manual_seed(cfg["seed"])
        self.model = nn.Sequential(nn.Linear(10, cfg["width"]), nn.ReLU(), nn.Linear(cfg["width"], 3))
        self.optimizer = torch.optim.SGD(self.model.parameters(), lr=cfg["lr"], momentum=0.9)
        self.callbacks = []
        self.global_step = 0
        self.extensions = ExtensionHost(self, EXT_DIR)

    def setup(self):
        for name, options in self.cfg.get("extensions", {}).items():
            self.extensions.load(name, **options)

    def fit(self, epochs=2, steps=4):
        for _ in range(epochs):
            for _ in range(steps):
                x = torch.randn(16, 10)
                loss = F.cross_entropy(self.model(x), x[:, :3].argmax(1))
                self.optimizer.zero_grad()
                loss.backward()
                self.optimizer.step()
                for cb in self.callbacks:
                    cb.on_step_end(self)
                self.global_step += 1
        return loss.item()


CONFIGS = [
    {"seed": 0, "width": 16, "lr": 0.05, "extensions": {"warmup": {"steps": 3}}},
    {"seed": 1, "width": 32, "lr": 0.05, "extensions": {"warmup": {"steps": 3}, "ema": {"decay": 0.8}}},
    {"seed": 2, "width": 32, "lr": 0.02, "extensions": {"ema": {"decay": 0.95}}},
]


def main():
    for cfg in CONFIGS:
        trainer = Trainer(cfg)
        try:
            trainer.setup()
            trainer.fit()
        finally:
            trainer.extensions.close()


if __name__ == "__main__":
    main()
