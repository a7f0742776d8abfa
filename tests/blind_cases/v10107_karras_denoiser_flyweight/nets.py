"""Small EDM-style networks for the width sweep."""
import torch
import torch.nn as nn


class EDMNet(nn.Module):
    def __init__(self, dim, width, depth=2):
        super().__init__()
        self.noise_embed = nn.Linear(1, width)
        self.inp = nn.Linear(dim, width)
        self.blocks = nn.ModuleList([nn.Sequential(nn.SiLU(), nn.Linear(width, width)) for _ in range(depth)])
        self.out = nn.Linear(width, dim)

    def forward(self, x, c_noise):
        h = self.inp(x) + self.noise_embed(c_noise[:, None])
        for block in self.blocks:
            h = h + block(h)
        return self.out(h)
