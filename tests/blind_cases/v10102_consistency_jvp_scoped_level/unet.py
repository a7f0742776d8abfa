"""Tiny time-conditioned denoiser used by the consistency-training recipe."""
import math

import torch
import torch.nn as nn


class FourierTime(nn.Module):
    def __init__(self, dim, max_period=100.0):
        super().__init__()
        half = dim // 2
        freqs = torch.exp(-math.log(max_period) * torch.arange(half) / half)
        self.register_buffer("freqs", freqs)

    def forward(self, t):
        args = t[:, None] * self.freqs[None, :]
        return torch.cat([torch.cos(args), torch.sin(args)], dim=1)


class ResidualMLPDenoiser(nn.Module):
    def __init__(self, data_dim, hidden, time_dim=16):
        super().__init__()
        self.time = FourierTime(time_dim)
        self.inp = nn.Linear(data_dim + time_dim, hidden)
        self.blocks = nn.ModuleList([nn.Linear(hidden, hidden) for _ in range(2)])
        self.out = nn.Linear(hidden, data_dim)

    def forward(self, x, t):
        h = torch.tanh(self.inp(torch.cat([x, self.time(t)], dim=1)))
        for block in self.blocks:
            h = h + torch.tanh(block(h))
        return self.out(h)
