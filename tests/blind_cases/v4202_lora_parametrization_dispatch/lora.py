"""Low-rank adapters attached through torch.nn.utils.parametrize (W -> W + BA)."""
import math
from dataclasses import dataclass, field
from functools import partial

import torch
import torch.nn.utils.parametrize as parametrize
from torch import nn


class LoRAParametrization(nn.Module):
    def __init__(self, fan_in, fan_out, rank=4, lora_dropout_p=0.0, lora_alpha=1.0):
        super().__init__()
        self.lora_A = nn.Parameter(torch.zeros(rank, fan_in))
        self.lora_B = nn.Parameter(torch.zeros(fan_out, rank))
        nn.init.kaiming_uniform_(self.lora_A, a=math.sqrt(5))
        self.scaling = lora_alpha / rank
        self.lora_dropout = nn.Dropout(p=lora_dropout_p) if lora_dropout_p > 0 else None
        self.dropout_fn = self._dropout if lora_dropout_p > 0 else (lambda A: A)
        self.register_buffer("lora_dropout_mask", torch.ones(1, fan_in), persistent=False)
        self.forward_fn = self.lora_forward  # cycle

    def _dropout(self, A):
        return A * self.lora_dropout(self.lora_dropout_mask)

    def lora_forward(self, X):
        return X + torch.mm(self.lora_B, self.dropout_fn(self.lora_A)).view(X.shape) * self.scaling

    def forward(self, X):
        return self.forward_fn(X)

    def disable_lora(self):
        self.forward_fn = lambda X: X

    def enable_lora(self):
        self.forward_fn = self.lora_forward

    @classmethod
    def from_linear(cls, layer, rank=4, lora_dropout_p=0.0, lora_alpha=1.0):
        fan_out, fan_in = layer.weight.shape
        return cls(fan_in, fan_out, rank=rank, lora_dropout_p=lora_dropout_p, lora_alpha=lora_alpha)


@dataclass
class LoRAConfig:
    rank: int = 4
    alpha: float = 8.0
    dropout: float = 0.0
    targets: tuple = (nn.Linear,)
    skip_names: set = field(default_factory=lambda: {"classifier"})


def _apply_lora(layer, cfg):
    if type(layer) in cfg.targets and not getattr(layer, "_lora_skip", False):
        lora = LoRAParametrization.from_linear(layer, cfg.rank, cfg.dropout, cfg.alpha)
        parametrize.register_parametrization(layer, "weight", lora)  # cycle


def add_lora(model, cfg):
    for name, module in model.named_children():
        if name in cfg.skip_names:
            module._lora_skip = True
    model.apply(partial(_apply_lora, cfg=cfg))
    for p in model.parameters():
        p.requires_grad_(False)
    for p in lora_parameters(model):
        p.requires_grad_(True)
    return model


def lora_parameters(model):
    for name, p in model.named_parameters():
        if "lora_" in name:
            yield p
