"""Experiment configuration for the A2C runs."""
from dataclasses import dataclass, field, replace

from storage import RolloutStorage


@dataclass
class A2CConfig:
    num_envs: int = 4
    n_steps: int = 5
    total_steps: int = 23
    gamma: float = 0.95
    lr: float = 7e-3
    value_coef: float = 0.5
    entropy_coef: float = 0.01
    tags: tuple = field(default=("a2c",))
    storage: RolloutStorage = RolloutStorage(n_steps=5)


def sweep(base, **grid):
    key, values = next(iter(grid.items()))
    return [replace(base, **{key: v}) for v in values]
