"""Frozen sentence encoder with optional LoRA on the top block's output projection."""
import torch
import torch.nn as nn


class LoRAProjection(nn.Module):
    def __init__(self, base, r=4, alpha=8):
        super().__init__()
        self.base = base
        self.down = nn.Linear(base.in_features, r, bias=False)
        self.up = nn.Linear(r, base.out_features, bias=False)
        nn.init.zeros_(self.up.weight)
        self.scaling = alpha / r

    def forward(self, x):
        return self.base(x) + self.up(self.down(x)) * self.scaling


class Encoder(nn.Module):
    def __init__(self, vocab=64, dim=24, depth=3):
        super().__init__()
        self.embed = nn.Embedding(vocab, dim)
        self.blocks = nn.ModuleList(
            nn.Sequential(nn.LayerNorm(dim), nn.Linear(dim, dim), nn.GELU(), nn.Linear(dim, dim))
            for _ in range(depth)
        )

    def forward(self, tokens):
        h = self.embed(tokens)
        for block in self.blocks:
            h = h + block(h)
        return h.mean(dim=1)


def freeze_and_adapt(encoder, lora_blocks=1, r=4):
    encoder.requires_grad_(False)
    for block in list(encoder.blocks)[-lora_blocks:]:
        block[3] = LoRAProjection(block[3], r=r)
    return encoder
