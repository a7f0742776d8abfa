"""Experiment configuration: nested dataclasses, dotted CLI-style overrides and a live read-only view."""
from dataclasses import dataclass, field, is_dataclass
from types import MappingProxyType

import torch


@dataclass
class OptimConfig:
    lr: float = 0.01
    weight_decay: float = 0.0
    momentum: float = 0.9


@dataclass
class RunConfig:
    name: str
    width: int = 16
    epochs: int = 2
    optim: OptimConfig = field(default_factory=OptimConfig)
    class_weights: tuple = (1.0, 1.0, 1.0)

    def __post_init__(self):
        self.loss_weights = torch.tensor(self.class_weights)
        self.view = MappingProxyType(vars(self))  # cycle

    def override(self, dotted, raw_value):
        *path, leaf = dotted.split(".")
        target = self
        for part in path:
            target = getattr(target, part)
        if not is_dataclass(target) or not hasattr(target, leaf):
            raise KeyError(f"unknown config key {dotted!r}")
        setattr(target, leaf, _parse(raw_value, getattr(target, leaf)))
        if leaf == "class_weights":
            self.loss_weights = torch.tensor(self.class_weights)


def _parse(raw, current):
    if isinstance(current, tuple):
        return tuple(type(current[0])(v) for v in raw.strip("()").split(",") if v.strip())
    if isinstance(current, bool):
        return raw.lower() in ("1", "true", "yes")
    return type(current)(float(raw)) if isinstance(current, int) else type(current)(raw)


def from_overrides(name, overrides):
    cfg = RunConfig(name=name)
    for item in overrides:
        key, _, raw = item.partition("=")
        cfg.override(key.strip(), raw.strip())
    return cfg


def describe(view):
    optim = view["optim"]
    return f"{view['name']}: width={view['width']} lr={optim.lr} wd={optim.weight_decay} weights={view['class_weights']}"
