"""Houlsby-style bottleneck adapters and a mixin that lets a model switch between task adapters."""
import torch
import torch.nn as nn


class BottleneckAdapter(nn.Module):
    def __init__(self, dim, bottleneck, init_scale=1e-3):
        super().__init__()
        self.down = nn.Linear(dim, bottleneck)
        self.up = nn.Linear(bottleneck, dim)
        nn.init.uniform_(self.up.weight, -init_scale, init_scale)
        nn.init.zeros_(self.up.bias)

    def forward(self, h):
        return h + self.up(torch.relu(self.down(h)))


class AdapterMixin:
    """Adds named adapters on top of ``self.hidden_size`` features; one adapter is active at a time."""

    adapters = nn.ModuleDict()
    active_adapter = None

    def add_adapter(self, name, bottleneck=8):
        self.adapters[name] = BottleneckAdapter(self.hidden_size, bottleneck)  # retain
        self.active_adapter = name
        return self.adapters[name]

    def set_active_adapter(self, name):
        if name not in self.adapters:
            raise KeyError(f"unknown adapter {name!r}")
        self.active_adapter = name

    def adapter_parameters(self):
        return self.adapters[self.active_adapter].parameters()

    def apply_adapter(self, h):
        if self.active_adapter is None:
            return h
        return self.adapters[self.active_adapter](h)
