"""Sparse MoE feed-forward block with a Switch-style load-balancing loss."""
import torch
import torch.nn as nn

from dispatch import dispatch


class ExpertFFN(nn.Module):
    def __init__(self, d_model, d_ff):
        super().__init__()
        self.up = nn.Linear(d_model, d_ff)
        self.down = nn.Linear(d_ff, d_model)

    def forward(self, x):
        return self.down(torch.relu(self.up(x)))


class MoEBlock(nn.Module):
    def __init__(self, d_model, d_ff, num_experts, k=2, capacity_factor=1.0):
        super().__init__()
        self.norm = nn.LayerNorm(d_model)
        self.router = nn.Linear(d_model, num_experts, bias=False)
        self.experts = nn.ModuleList(ExpertFFN(d_model, d_ff) for _ in range(num_experts))
        self.k = k
        self.capacity_factor = capacity_factor
        self.last_dropped = 0

    def forward(self, x):
        b, t, d = x.shape
        h = self.norm(x).reshape(b * t, d)
        handle, probs = dispatch(h, self.router(h), self.k, self.capacity_factor)
        outs = [expert(inp) for expert, inp in zip(self.experts, handle.inputs)]
        y = handle.combine(outs)
        self.last_dropped = handle.dropped
        load = torch.tensor(handle.counts(), dtype=probs.dtype)
        aux = (load / load.sum().clamp_min(1.0)) @ probs.mean(0) * len(self.experts)
        return x + y.reshape(b, t, d), aux
