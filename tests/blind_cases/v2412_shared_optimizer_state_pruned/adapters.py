"""Small task adapters and a context manager that trains them with the trunk optimizer."""
import contextlib
from dataclasses import dataclass

import torch.nn as nn


@dataclass(frozen=True)
class AdapterSpec:
    name: str
    hidden: int = 0
    dropout: float = 0.0
    lr: float = 0.05

    def build(self, dim, classes):
        if not self.hidden:
            return nn.Linear(dim, classes)
        return nn.Sequential(nn.Linear(dim, self.hidden), nn.ReLU(),
                             nn.Dropout(self.dropout), nn.Linear(self.hidden, classes))


@contextlib.contextmanager
def borrowed_optimizer(optimizer, module, lr):
    params = list(module.parameters())
    optimizer.add_param_group({"params": params, "lr": lr})
    try:
        yield optimizer
    finally:
        optimizer.param_groups.pop()
        for p in params:
            optimizer.state.pop(p, None)
