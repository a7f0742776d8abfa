"""Minimal low-rank adapters that are injected into an existing model in place."""
import math

import torch
import torch.nn as nn


class LoRAAdapter(nn.Module):
    """Low-rank residual update for a single nn.Linear."""

    def __init__(self, in_features, out_features, rank=4, alpha=8.0):
        super().__init__()
        self.down = nn.Linear(in_features, rank, bias=False)
        self.up = nn.Linear(rank, out_features, bias=False)
        self.scale = alpha / rank
        nn.init.kaiming_uniform_(self.down.weight, a=math.sqrt(5))
        nn.init.zeros_(self.up.weight)
        self.enabled = True

    def delta(self, x):
        return self.up(self.down(x)) * self.scale

    def attach(self, target):
        base_forward = target.forward

        def forward(x):  # cycle
            out = base_forward(x)
            if self.enabled:
                out = out + self.delta(x)
            return out

        target.forward = forward  # cycle
        target.lora = self


def inject_lora(model, target_names, rank=4):
    """Freeze the model and attach an adapter to every matching Linear."""
    for p in model.parameters():
        p.requires_grad_(False)
    adapters = {}
    for name, module in model.named_modules():
        leaf = name.rsplit(".", 1)[-1]
        if isinstance(module, nn.Linear) and leaf in target_names:
            adapter = LoRAAdapter(module.in_features, module.out_features, rank=rank)
            adapter.attach(module)
            adapters[name] = adapter
    return adapters


def lora_parameters(adapters):
    for adapter in adapters.values():
        yield from adapter.parameters()
