"""Test doubles: a deterministic stand-in for a pretrained feature extractor."""
import torch
import torch.nn as nn


class FakeBackbone(nn.Module):
    def __init__(self, in_dim, out_dim, seed):
        super().__init__()
        gen = torch.Generator().manual_seed(seed)
        self.out_dim = out_dim
        self.proj = nn.Linear(in_dim, out_dim)
        with torch.no_grad():
            self.proj.weight.copy_(torch.randn(out_dim, in_dim, generator=gen) / in_dim ** 0.5)
            self.proj.bias.zero_()
        self.requires_grad_(False)

    def forward(self, x):
        return torch.tanh(self.proj(x))
