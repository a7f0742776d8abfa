"""Self-attention block that records attention-gradient norms for saliency plots."""
import math

import torch
import torch.nn as nn


class ProbedAttention(nn.Module):
    def __init__(self, dim):
        super().__init__()
        self.q = nn.Linear(dim, dim)
        self.k = nn.Linear(dim, dim)
        self.v = nn.Linear(dim, dim)
        self.scale = 1.0 / math.sqrt(dim)
        self.attn_grad_norms = []
        self.last_attn = None

    def forward(self, x):
        attn = torch.softmax(self.q(x) @ self.k(x).transpose(-2, -1) * self.scale, dim=-1)
        if attn.requires_grad:
            attn.register_hook(lambda g: self.attn_grad_norms.append(g.norm().item()))  # retain
        self.last_attn = attn  # retain
        return attn @ self.v(x)
