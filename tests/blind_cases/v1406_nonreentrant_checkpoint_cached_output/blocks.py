"""Residual blocks with optional activation checkpointing (timm-style flag)."""
import torch.nn as nn
from torch.utils.checkpoint import checkpoint


class ResidualMLPBlock(nn.Module):
    def __init__(self, dim, expansion=2, grad_checkpointing=False):
        super().__init__()
        self.norm = nn.LayerNorm(dim)
        self.ff = nn.Sequential(nn.Linear(dim, dim * expansion), nn.GELU(), nn.Linear(dim * expansion, dim))
        self.grad_checkpointing = grad_checkpointing
        self.last_output = None

    def _residual(self, x):
        return x + self.ff(self.norm(x))

    def forward(self, x):
        if self.grad_checkpointing:
            out = checkpoint(self._residual, x, use_reentrant=False)  # retain
        else:
            out = self._residual(x)
        self.last_output = out  # retain
        return out


class Tower(nn.Module):
    def __init__(self, in_dim=24, dim=32, depth=3, num_classes=6):
        super().__init__()
        self.stem = nn.Linear(in_dim, dim)
        self.blocks = nn.ModuleList(ResidualMLPBlock(dim) for _ in range(depth))
        self.head = nn.Linear(dim, num_classes)

    def set_grad_checkpointing(self, enable=True):
        for blk in self.blocks:
            blk.grad_checkpointing = enable

    def forward(self, x):
        x = self.stem(x)
        for blk in self.blocks:
            x = blk(x)
        return self.head(x)

    def intermediate_features(self):
        return [blk.last_output for blk in self.blocks]
