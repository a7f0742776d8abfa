"""Epsilon-prediction MLP for 2-D toy data, conditioned on a sinusoidal timestep embedding."""
import math

import torch
import torch.nn as nn


def timestep_embedding(t, dim, max_period=10000):
    half = dim // 2
    freqs = torch.exp(-math.log(max_period) * torch.arange(half, dtype=torch.float32) / half)
    args = t.float().unsqueeze(-1) * freqs
    return torch.cat([args.cos(), args.sin()], dim=-1)


class ResidualMLP(nn.Module):
    def __init__(self, dim, emb_dim):
        super().__init__()
        self.norm = nn.LayerNorm(dim)
        self.fc = nn.Linear(dim, dim)
        self.emb = nn.Linear(emb_dim, dim)

    def forward(self, h, emb):
        return h + self.fc(torch.nn.functional.silu(self.norm(h) + self.emb(emb)))


class Denoiser(nn.Module):
    def __init__(self, data_dim=2, width=64, emb_dim=32, depth=3):
        super().__init__()
        self.emb_dim = emb_dim
        self.inp = nn.Linear(data_dim, width)
        self.blocks = nn.ModuleList([ResidualMLP(width, emb_dim) for _ in range(depth)])
        self.out = nn.Linear(width, data_dim)

    def forward(self, x, t):
        emb = timestep_embedding(t, self.emb_dim)
        h = self.inp(x)
        for block in self.blocks:
            h = block(h, emb)
        return self.out(h)
