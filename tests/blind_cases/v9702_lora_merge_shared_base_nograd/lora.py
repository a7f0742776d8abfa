"""LoRA adapters kept outside the shared base; merged into it for fast evaluation."""
import contextlib

import torch
import torch.nn as nn


class LoRA(nn.Module):
    def __init__(self, in_features, out_features, r=4, alpha=8, dropout=0.0):
        super().__init__()
        self.lora_A = nn.Parameter(torch.randn(r, in_features) / r)
        self.lora_B = nn.Parameter(torch.zeros(out_features, r))
        self.scaling = alpha / r
        self.dropout = nn.Dropout(dropout)

    def delta_weight(self):
        return (self.lora_B @ self.lora_A) * self.scaling

    def forward(self, x):
        return self.dropout(x) @ self.lora_A.t() @ self.lora_B.t() * self.scaling


def build_adapters(model, targets, r, alpha):
    adapters = nn.ModuleDict()
    for idx, block in enumerate(model.blocks):
        adapters[str(idx)] = nn.ModuleDict({
            name: LoRA(getattr(block, name).in_features, getattr(block, name).out_features, r, alpha)
            for name in targets
        })
    return adapters


def _targets(model, adapters):
    for idx, per_block in adapters.items():
        block = model.blocks[int(idx)]
        for name, lora in per_block.items():
            yield getattr(block, name), lora


@torch.no_grad()
def merge(model, adapters):
    for layer, lora in _targets(model, adapters):
        layer.weight.add_(lora.delta_weight())


@torch.no_grad()
def unmerge(model, adapters):
    for layer, lora in _targets(model, adapters):
        layer.weight.sub_(lora.delta_weight())


@contextlib.contextmanager
def merged(model, adapters):
    merge(model, adapters)
    try:
        yield model
    finally:
        unmerge(model, adapters)
