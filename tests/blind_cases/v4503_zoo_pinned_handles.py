"""Model zoo: builds models from (name, config), keeps an LRU of built models and hands out pinned handles."""
import collections
import functools
import time
from dataclasses import dataclass, field
from typing import Callable

import torch
import torch.nn as nn
import torch.nn.functional as F

BUILDERS = {}


def builder(name):
    def register(fn):
        BUILDERS[name] = fn
        return fn
    return register


@builder("mlp")
def build_mlp(hidden=32, classes=4):
    return nn.Sequential(nn.Flatten(), nn.Linear(64, hidden), nn.ReLU(), nn.Linear(hidden, classes))


@builder("convnet")
def build_convnet(channels=4, classes=4):
    return nn.Sequential(nn.Conv2d(1, channels, 3, padding=1), nn.ReLU(), nn.AdaptiveAvgPool2d(2),
                         nn.Flatten(), nn.Linear(channels * 4, classes))


@dataclass
class ModelHandle:
    key: tuple
    model: nn.Module
    release: Callable[[], None]
    pins: int = 0
    last_used: float = field(default_factory=time.monotonic)

    def __enter__(self):
        self.pins += 1
        self.last_used = time.monotonic()
        return self.model

    def __exit__(self, *exc_info):
        self.pins -= 1
        if self.pins == 0:
            self.release()
        return False


class ModelZoo:
    def __init__(self, capacity=2):
        self.capacity = capacity
        self._handles = collections.OrderedDict()  # cycle
        self.stats = collections.Counter()

    @staticmethod
    def _key(name, cfg):
        return (name,) + tuple(sorted(cfg.items()))

    def get(self, name, **cfg):
        key = self._key(name, cfg)
        handle = self._handles.get(key)
        if handle is None:
            self.stats["build"] += 1
            handle = ModelHandle(key, BUILDERS[name](**cfg), functools.partial(self._on_release, key))  # cycle
            self._handles[key] = handle  # cycle
        else:
            self.stats["hit"] += 1
        self._handles.move_to_end(key)
        return handle

    def _on_release(self, key):
        self.stats["release"] += 1
        unpinned = [k for k, h in self._handles.items() if h.pins == 0]
        while len(self._handles) > self.capacity and unpinned:
            self._handles.pop(unpinned.pop(0))
            self.stats["evict"] += 1


def finetune(model, steps=3):
    opt = torch.optim.SGD(model.parameters(), lr=0.05)
    for _ in range(steps):
        x = torch.randn(8, 1, 8, 8)
        loss = F.cross_entropy(model(x), (x.mean(dim=(1, 2, 3)) > 0).long())
        opt.zero_grad()
        loss.backward()
        opt.step()
    return loss.item()


def main():
    for session in range(2):
        zoo = ModelZoo(capacity=2)
        for name, cfg in [("mlp", {"hidden": 16}), ("convnet", {"channels": 4}),
                          ("mlp", {"hidden": 16}), ("mlp", {"hidden": 48})]:
            with zoo.get(name, **cfg) as model:
                finetune(model)


if __name__ == "__main__":
    main()
