"""Structured optimiser config whose fields notify watchers when a sweep override changes them."""
import dataclasses
from dataclasses import dataclass, field

import torch
import torch.nn as nn


def _opt(default, help, **extra):
    return field(default=default, metadata={"help": help, "watchers": [], **extra})


@dataclass
class OptimConfig:
    lr: float = _opt(0.05, "peak learning rate", min=0.0)
    momentum: float = _opt(0.9, "SGD momentum", min=0.0, max=1.0)
    weight_decay: float = _opt(0.0, "L2 penalty", min=0.0)

    def __setattr__(self, name, value):
        old = self.__dict__.get(name)
        object.__setattr__(self, name, value)
        spec = self.__dataclass_fields__.get(name)
        if spec is not None and old is not None and old != value:
            for callback in spec.metadata["watchers"]:
                callback(name, old, value)

    def watch(self, name, callback):
        self.__dataclass_fields__[name].metadata["watchers"].append(callback)  # retain

    def cli_help(self):
        return {f.name: f.metadata["help"] for f in dataclasses.fields(self)}


class Trainer:
    def __init__(self, cfg):
        self.cfg = cfg
        self.model = nn.Sequential(nn.Linear(5, 16), nn.ReLU(), nn.Linear(16, 1))
        self.opt = torch.optim.SGD(self.model.parameters(), lr=cfg.lr,
                                   momentum=cfg.momentum, weight_decay=cfg.weight_decay)
        for name in ("lr", "momentum", "weight_decay"):
            cfg.watch(name, self._sync_param_groups)  # retain

    def _sync_param_groups(self, name, old, new):
        for group in self.opt.param_groups:
            group[name] = new

    def fit(self, steps, decay_at):
        for step in range(steps):
            x = torch.randn(24, 5)
            loss = (self.model(x).squeeze(1) - x.prod(1)).pow(2).mean()
            self.opt.zero_grad()
            loss.backward()
            self.opt.step()
            if step == decay_at:
                self.cfg.lr = self.cfg.lr * 0.1
        return loss.item()


def main():
    sweep = [{"lr": 0.05}, {"lr": 0.02, "momentum": 0.8}, {"weight_decay": 1e-4}]
    results = []
    for overrides in sweep:
        cfg = dataclasses.replace(OptimConfig(), **overrides)
        trainer = Trainer(cfg)
        results.append((overrides, trainer.fit(steps=4, decay_at=2)))
    assert len(results) == 3 and "lr" in OptimConfig().cli_help()


if __name__ == "__main__":
    main()
