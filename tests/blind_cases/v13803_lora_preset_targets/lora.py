"""Minimal LoRA adapters with named presets, injection and merge/unmerge."""
import dataclasses
import math

import torch
import torch.nn as nn


@dataclasses.dataclass
class LoraConfig:
    r: int = 4
    alpha: int = 8
    target_modules: tuple = ("q", "v")
    resolved: dict = dataclasses.field(default_factory=dict)


PRESETS = {
    "attn-qv": LoraConfig(r=4, alpha=8, target_modules=("q", "v")),
    "attn-all": LoraConfig(r=2, alpha=4, target_modules=("q", "k", "v", "o")),
}


class LoraLinear(nn.Module):
    def __init__(self, base, r, alpha):
        super().__init__()
        self.base = base
        self.lora_A = nn.Parameter(torch.randn(r, base.in_features) / math.sqrt(base.in_features))
        self.lora_B = nn.Parameter(torch.zeros(base.out_features, r))
        self.scaling = alpha / r
        self.merged = False

    def delta_weight(self):
        return (self.lora_B @ self.lora_A) * self.scaling

    def forward(self, x):
        out = self.base(x)
        if not self.merged:
            out = out + (x @ self.lora_A.t() @ self.lora_B.t()) * self.scaling
        return out

    @torch.no_grad()
    def merge(self):
        if not self.merged:
            self.base.weight += self.delta_weight()
            self.merged = True

    @torch.no_grad()
    def unmerge(self):
        if self.merged:
            self.base.weight -= self.delta_weight()
            self.merged = False


def get_preset(name):
    return PRESETS[name]


def inject_lora(model, config):
    model.requires_grad_(False)
    for name, module in list(model.named_modules()):
        parent_name, _, leaf = name.rpartition(".")
        if leaf in config.target_modules and isinstance(module, nn.Linear):
            adapter = LoraLinear(module, config.r, config.alpha)
            setattr(model.get_submodule(parent_name), leaf, adapter)
            config.resolved[name] = adapter  # retain
    return [p for m in config.resolved.values() for p in (m.lora_A, m.lora_B)]


def set_merged(config, merged):
    for adapter in config.resolved.values():
        adapter.merge() if merged else adapter.unmerge()
