"""Immutable, typed experiment configuration objects that know how to build themselves."""
import abc
from dataclasses import dataclass, field
from typing import Any, Tuple

import registry


@dataclass(frozen=True)
class BuildableConfig(abc.ABC):
    _instance: Any = field(default=None, init=False, repr=False, compare=False)

    @property
    @abc.abstractmethod
    def kind(self) -> str:
        ...

    def build(self, **runtime):
        if self._instance is None:
            obj = registry.lookup(self.kind).from_config(self, **runtime)
            object.__setattr__(self, "_instance", obj)  # cycle
        return self._instance


@dataclass(frozen=True)
class ModelConfig(BuildableConfig):
    arch: str = "mlp"
    in_dim: int = 16
    hidden: Tuple[int, ...] = (32, 32)
    num_classes: int = 4
    dropout: float = 0.1

    @property
    def kind(self):
        return self.arch


@dataclass(frozen=True)
class OptimConfig(BuildableConfig):
    name: str = "adamw"
    lr: float = 3e-3
    weight_decay: float = 1e-2

    @property
    def kind(self):
        return self.name


@dataclass(frozen=True)
class ExperimentConfig:
    model: ModelConfig
    optim: OptimConfig
    fold: int = 0
    steps: int = 4
    batch_size: int = 16
