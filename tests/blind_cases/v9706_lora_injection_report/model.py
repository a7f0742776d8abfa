"""Hybrid encoder: early blocks use fused QKV attention, later blocks separate projections."""
import torch
import torch.nn as nn


class Attention(nn.Module):
    def attend(self, q, k, v):
        att = torch.softmax(q @ k.transpose(1, 2) / q.shape[-1] ** 0.5, dim=-1)
        return self.out_proj(att @ v)


class FusedAttention(Attention):
    def __init__(self, dim):
        super().__init__()
        self.qkv = nn.Linear(dim, 3 * dim)
        self.out_proj = nn.Linear(dim, dim)

    def forward(self, x):
        return self.attend(*self.qkv(x).chunk(3, dim=-1))


class SplitAttention(Attention):
    def __init__(self, dim):
        super().__init__()
        self.q_proj = nn.Linear(dim, dim)
        self.k_proj = nn.Linear(dim, dim)
        self.v_proj = nn.Linear(dim, dim)
        self.out_proj = nn.Linear(dim, dim)

    def forward(self, x):
        return self.attend(self.q_proj(x), self.k_proj(x), self.v_proj(x))


class HybridEncoder(nn.Module):
    def __init__(self, dim=16, n_fused=1, n_split=2, n_cls=3):
        super().__init__()
        attn = [FusedAttention(dim) for _ in range(n_fused)] + [SplitAttention(dim) for _ in range(n_split)]
        self.layers = nn.ModuleList(attn)
        self.classifier = nn.Linear(dim, n_cls)

    def forward(self, x):
        for layer in self.layers:
            x = x + layer(x)
        return self.classifier(x.mean(dim=1))
