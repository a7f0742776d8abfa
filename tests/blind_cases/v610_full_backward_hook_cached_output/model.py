"""Residual MLP encoder; each block remembers its latest output for representation-drift metrics."""
import torch
import torch.nn as nn
import torch.nn.functional as F


class ResBlock(nn.Module):
    def __init__(self, dim, dropout=0.0):
        super().__init__()
        self.fc1 = nn.Linear(dim, dim)
        self.fc2 = nn.Linear(dim, dim)
        self.drop = nn.Dropout(dropout)
        self.last_out = None

    def forward(self, x):
        out = x + self.fc2(self.drop(F.silu(self.fc1(x))))
        self.last_out = out  # retain
        return out


class Encoder(nn.Module):
    def __init__(self, in_dim, dim, depth, n_classes):
        super().__init__()
        self.embed = nn.Linear(in_dim, dim)
        self.blocks = nn.ModuleList([ResBlock(dim) for _ in range(depth)])
        self.head = nn.Linear(dim, n_classes)

    def forward(self, x):
        h = self.embed(x)
        for blk in self.blocks:
            h = blk(h)
        return self.head(h)

    @torch.no_grad()
    def block_drift(self, previous):
        """Cosine distance of each block's current output to a reference snapshot."""
        drift = []
        for blk, ref in zip(self.blocks, previous):
            cur = blk.last_out.flatten(1)
            drift.append(1 - F.cosine_similarity(cur, ref.flatten(1), dim=1).mean().item())
        return drift
