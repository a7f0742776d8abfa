"""Two-block toy transformer-style encoder whose feed-forward is a capacity-limited Switch layer."""
import math

import torch
import torch.nn as nn
import torch.nn.functional as F


class SwitchFFN(nn.Module):
    def __init__(self, d_model, hidden, num_experts, capacity_factor):
        super().__init__()
        self.num_experts = num_experts
        self.capacity_factor = capacity_factor
        self.router = nn.Linear(d_model, num_experts, bias=False)
        self.w_in = nn.Parameter(torch.randn(num_experts, d_model, hidden) * 0.1)
        self.w_out = nn.Parameter(torch.randn(num_experts, hidden, d_model) * 0.1)

    def forward(self, x):
        probs = self.router(x).softmax(-1)
        gate, expert = probs.max(-1)
        capacity = math.ceil(self.capacity_factor * x.shape[0] / self.num_experts)
        out = torch.zeros_like(x)
        for e in range(self.num_experts):
            rows = (expert == e).nonzero().squeeze(-1)[:capacity]
            if rows.numel():
                h = F.gelu(x[rows] @ self.w_in[e]) @ self.w_out[e]
                out = out.index_add(0, rows, h * gate[rows].unsqueeze(-1))
        frac = F.one_hot(expert, self.num_experts).float().mean(0)
        aux = self.num_experts * (frac * probs.mean(0)).sum()
        return out, aux


class Block(nn.Module):
    def __init__(self, d_model, cfg):
        super().__init__()
        self.norm = nn.LayerNorm(d_model)
        self.ffn = SwitchFFN(d_model, cfg["hidden"], cfg["num_experts"], cfg["capacity_factor"])

    def forward(self, x):
        delta, _ = self.ffn(self.norm(x))
        return x + delta


class Encoder(nn.Module):
    def __init__(self, in_dim, num_classes, cfg):
        super().__init__()
        d = cfg["d_model"]
        self.embed = nn.Linear(in_dim, d)
        self.blocks = nn.Sequential(*[Block(d, cfg) for _ in range(cfg["layers"])])
        self.head = nn.Linear(d, num_classes)

    def forward(self, x):
        return self.head(self.blocks(self.embed(x)))
