"""MLP that tracks per-layer activation ranges for later int8 export."""
import torch
import torch.nn as nn

from restorectx import active_loader


class ActivationRange:
    def __init__(self, layer, lo=0.0, hi=0.0):
        self.layer = layer
        self.lo = lo
        self.hi = hi

    def observe(self, x):
        self.lo = min(self.lo, float(x.min()))
        self.hi = max(self.hi, float(x.max()))

    def __setstate__(self, state):
        self.__dict__.update(state)
        active_loader().register_range(self)


class CalibratedMLP(nn.Module):
    def __init__(self, sizes=(8, 32, 32, 2)):
        super().__init__()
        self.layers = nn.ModuleList(nn.Linear(a, b) for a, b in zip(sizes[:-1], sizes[1:]))
        self.ranges = {i: ActivationRange(i) for i in range(len(self.layers))}

    def forward(self, x):
        for i, layer in enumerate(self.layers):
            x = layer(x)
            if self.training:
                self.ranges[i].observe(x.detach())
            if i < len(self.layers) - 1:
                x = torch.relu(x)
        return x
