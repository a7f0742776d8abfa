"""Transformer-ish encoder whose blocks use activation checkpointing during training."""
import functools

import torch
import torch.nn as nn
from torch.utils.checkpoint import checkpoint

ENCODER_CFG = {"dim": 16, "depth": 3, "heads": 2, "checkpoint_every": 1}


class Block(nn.Module):
    def __init__(self, dim, heads, use_checkpoint=True):
        super().__init__()
        self.use_checkpoint = use_checkpoint
        self.norm1 = nn.LayerNorm(dim)
        self.attn = nn.MultiheadAttention(dim, heads, batch_first=True)
        self.norm2 = nn.LayerNorm(dim)
        self.mlp = nn.Sequential(nn.Linear(dim, 2 * dim), nn.GELU(), nn.Linear(2 * dim, dim))

    @functools.cached_property
    def _checkpointed(self):
        return functools.partial(checkpoint, self._inner_forward, use_reentrant=False)  # cycle

    def _inner_forward(self, x):
        h = self.norm1(x)
        x = x + self.attn(h, h, h, need_weights=False)[0]
        return x + self.mlp(self.norm2(x))

    def forward(self, x):
        if self.use_checkpoint and self.training and x.requires_grad:
            return self._checkpointed(x)
        return self._inner_forward(x)


class Encoder(nn.Module):
    def __init__(self, dim, depth, heads, checkpoint_every):
        super().__init__()
        self.inp = nn.Linear(8, dim)
        self.blocks = nn.ModuleList(
            Block(dim, heads, use_checkpoint=(i % checkpoint_every == 0)) for i in range(depth))
        self.out = nn.Linear(dim, 1)

    def forward(self, x):
        x = self.inp(x)
        for blk in self.blocks:
            x = blk(x)
        return self.out(x.mean(1)).squeeze(-1)


def main():
    for trial in range(2):
        torch.manual_seed(trial)
        model = Encoder(**ENCODER_CFG)
        optimizer = torch.optim.Adam(model.parameters(), lr=1e-3)
        for step in range(3):
            x, y = torch.randn(4, 5, 8), torch.randn(4)
            loss = nn.functional.mse_loss(model(x), y)
            optimizer.zero_grad()
            loss.backward()
            optimizer.step()


if __name__ == "__main__":
    main()
