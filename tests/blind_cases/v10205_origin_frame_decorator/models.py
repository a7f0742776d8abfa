"""Model zoo for the ablation runs."""
import torch
import torch.nn as nn

from tracing import track_origin


@track_origin
class ResidualMLP(nn.Module):
    def __init__(self, dim, depth, dropout=0.1):
        super().__init__()
        self.blocks = nn.ModuleList(
            nn.Sequential(nn.LayerNorm(dim), nn.Linear(dim, dim), nn.GELU(), nn.Dropout(dropout))
            for _ in range(depth)
        )
        self.out = nn.Linear(dim, 1)

    def forward(self, x):
        for block in self.blocks:
            x = x + block(x)
        return self.out(x)


@track_origin
class GatedMLP(nn.Module):
    def __init__(self, dim, depth, dropout=0.1):
        super().__init__()
        self.gate = nn.Linear(dim, dim * depth)
        self.value = nn.Linear(dim, dim * depth)
        self.drop = nn.Dropout(dropout)
        self.out = nn.Linear(dim * depth, 1)

    def forward(self, x):
        return self.out(self.drop(torch.sigmoid(self.gate(x)) * self.value(x)))


REGISTRY = {"residual": ResidualMLP, "gated": GatedMLP}
