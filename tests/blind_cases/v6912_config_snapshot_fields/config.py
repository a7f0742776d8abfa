import copy
from dataclasses import dataclass, field, fields, is_dataclass

import torch
import torch.nn as nn
import torch.nn.functional as F


class TemperatureCE(nn.Module):
    """Cross-entropy with a learned logit temperature."""

    def __init__(self, init_temp=1.0):
        super().__init__()
        self.log_temp = nn.Parameter(torch.tensor(float(init_temp)).log())

    def forward(self, logits, target):
        return F.cross_entropy(logits / self.log_temp.exp(), target)


@dataclass
class ScheduleConfig:
    warmup: int = 1
    total: int = 6


@dataclass
class FoldConfig:
    name: str = "fold"
    lr: float = 3e-2
    schedule: ScheduleConfig = field(default_factory=ScheduleConfig)
    criterion: nn.Module = None

    def __post_init__(self):
        if self.criterion is None:
            self.criterion = TemperatureCE()
        self._defaults = copy.deepcopy(self)

    def reset(self):
        for f in fields(self):
            setattr(self, f.name, copy.deepcopy(getattr(self._defaults, f.name)))

    def to_hparams(self, prefix=""):
        flat = {}
        for f in fields(self):
            value = getattr(self, f.name)
            key = prefix + f.name
            if is_dataclass(value):
                flat.update(FoldConfig.to_hparams(value, prefix=key + "."))
            elif isinstance(value, (int, float, str, bool)) or value is None:
                flat[key] = value
            else:
                flat[key] = repr(value)
        return flat
