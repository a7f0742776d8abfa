"""Checkpointed residual MLP: each block recomputes its activations in backward."""
import torch
import torch.nn as nn
from torch.utils.checkpoint import checkpoint


class CheckpointedBlock(nn.Module):
    def __init__(self, dim):
        super().__init__()
        self.norm = nn.LayerNorm(dim)
        self.fc = nn.Linear(dim, dim)

    def _inner(self, x):
        return torch.relu(self.fc(self.norm(x)))

    def forward(self, x):
        if self.training and x.requires_grad:
            return x + checkpoint(self._inner, x)
        return x + self._inner(x)


class DeepMLP(nn.Module):
    def __init__(self, in_dim=12, dim=24, depth=3, n_out=1):
        super().__init__()
        self.stem = nn.Linear(in_dim, dim)
        self.blocks = nn.ModuleList(CheckpointedBlock(dim) for _ in range(depth))
        self.head = nn.Linear(dim, n_out)

    def forward(self, x):
        x = self.stem(x)
        for blk in self.blocks:
            x = blk(x)
        return self.head(x)
