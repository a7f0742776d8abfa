"""Attention-free toy transformer: causal mean mixing followed by residual MLP blocks."""
import torch
import torch.nn as nn


class MixBlock(nn.Module):
    def __init__(self, dim):
        super().__init__()
        self.norm = nn.LayerNorm(dim)
        self.mlp = nn.Sequential(nn.Linear(dim, 2 * dim), nn.GELU(), nn.Linear(2 * dim, dim))

    def forward(self, h):
        steps = torch.arange(1, h.shape[1] + 1, dtype=h.dtype).view(1, -1, 1)
        return self.mlp(self.norm(h.cumsum(dim=1) / steps))


class ToyModel(nn.Module):
    def __init__(self, vocab=16, dim=24, depth=3):
        super().__init__()
        self.embed = nn.Embedding(vocab, dim)
        self.blocks = nn.ModuleList(MixBlock(dim) for _ in range(depth))
        self.unembed = nn.Linear(dim, vocab)

    def forward(self, tokens):
        h = self.embed(tokens)
        for blk in self.blocks:
            h = h + blk(h)
        return self.unembed(h[:, -1])
