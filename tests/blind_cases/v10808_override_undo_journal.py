"""Hydra-style sweep: each trial composes a structured config from dotted `key=value` overrides."""
import functools
from dataclasses import dataclass, field

import torch
import torch.nn as nn


@dataclass
class OptimGroup:
    lr: float = 0.05
    momentum: float = 0.9
    weight_decay: float = 0.0


@dataclass
class DataGroup:
    batch_size: int = 16
    noise: float = 0.1


@dataclass
class ExperimentConfig:
    seed: int = 0
    epochs: int = 2
    hidden: int = 16
    optim: OptimGroup = field(default_factory=OptimGroup)
    data: DataGroup = field(default_factory=DataGroup)
    _journal: list = field(default_factory=list, init=False, repr=False, compare=False)  # cycle

    def _resolve(self, dotted):
        *parents, leaf = dotted.split(".")
        node = self
        for name in parents:
            node = getattr(node, name)
        if not hasattr(node, leaf):
            raise KeyError("unknown config key " + dotted)
        return node, leaf

    def apply_overrides(self, overrides):
        for item in overrides:
            key, raw = item.split("=", 1)
            node, leaf = self._resolve(key)
            old = getattr(node, leaf)
            setattr(node, leaf, type(old)(raw))
            self._journal.append(functools.partial(setattr, node, leaf, old))  # cycle
        return self

    def rollback(self):
        while self._journal:
            self._journal.pop()()


SWEEP = [
    ["optim.lr=0.1", "data.batch_size=32"],
    ["optim.lr=0.02", "hidden=32", "epochs=3"],
    ["optim.momentum=0.0", "seed=7", "data.noise=0.3"],
]


def run_trial(cfg):
    torch.manual_seed(cfg.seed)
    model = nn.Sequential(nn.Linear(3, cfg.hidden), nn.SiLU(), nn.Linear(cfg.hidden, 1))
    opt = torch.optim.SGD(model.parameters(), lr=cfg.optim.lr, momentum=cfg.optim.momentum,
                          weight_decay=cfg.optim.weight_decay)
    for _epoch in range(cfg.epochs):
        for _ in range(2):
            x = torch.randn(cfg.data.batch_size, 3)
            y = x.pow(2).sum(1, keepdim=True) + cfg.data.noise * torch.randn(cfg.data.batch_size, 1)
            loss = nn.functional.mse_loss(model(x), y)
            opt.zero_grad()
            loss.backward()
            opt.step()
    return loss.item()


def main():
    leaderboard = []
    for overrides in SWEEP:
        cfg = ExperimentConfig().apply_overrides(overrides)
        leaderboard.append((run_trial(cfg), " ".join(overrides)))
    leaderboard.sort()
    assert len(leaderboard) == len(SWEEP)


if __name__ == "__main__":
    main()
