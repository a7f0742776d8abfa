"""Tiny causal LM whose embedding can corrupt chosen positions with seeded Gaussian noise."""
import torch
import torch.nn as nn


class NoisyEmbedding(nn.Module):
    def __init__(self, vocab, dim, noise_std=3.0, seed=0):
        super().__init__()
        self.table = nn.Embedding(vocab, dim)
        self.noise_std = noise_std
        self.generator = torch.Generator().manual_seed(seed)
        self.corrupt_positions = None

    def forward(self, tokens):
        emb = self.table(tokens)
        if self.corrupt_positions is None:
            return emb
        pos = list(self.corrupt_positions)
        noise = torch.randn(emb.shape[0], len(pos), emb.shape[-1], generator=self.generator)
        emb = emb.clone()
        emb[:, pos] = emb[:, pos] + self.noise_std * noise
        return emb


class Block(nn.Module):
    def __init__(self, dim):
        super().__init__()
        self.norm = nn.LayerNorm(dim)
        self.mlp = nn.Sequential(nn.Linear(dim, 2 * dim), nn.GELU(), nn.Linear(2 * dim, dim))

    def forward(self, h):
        steps = torch.arange(1, h.shape[1] + 1, dtype=h.dtype).view(1, -1, 1)
        return h + self.mlp(self.norm(h.cumsum(1) / steps))


class TinyLM(nn.Module):
    def __init__(self, vocab=32, dim=24, depth=4):
        super().__init__()
        self.embed = NoisyEmbedding(vocab, dim)
        self.blocks = nn.ModuleList(Block(dim) for _ in range(depth))
        self.unembed = nn.Linear(dim, vocab)

    def forward(self, tokens):
        h = self.embed(tokens)
        for blk in self.blocks:
            h = blk(h)
        return self.unembed(h[:, -1])
