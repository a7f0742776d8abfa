"""Top-2 MoE layer built on the dispatch/combine helpers."""
import torch
import torch.nn as nn
import torch.nn.functional as F

from dispatch import combine, dispatch


class Expert(nn.Module):
    def __init__(self, d_model, hidden):
        super().__init__()
        self.w1 = nn.Linear(d_model, hidden)
        self.w2 = nn.Linear(hidden, d_model)

    def forward(self, x):
        return self.w2(F.silu(self.w1(x)))


class MoELayer(nn.Module):
    def __init__(self, d_model, hidden, num_experts, top_k=2, capacity_factor=1.25):
        super().__init__()
        self.top_k = top_k
        self.capacity_factor = capacity_factor
        self.router = nn.Linear(d_model, num_experts, bias=False)
        self.experts = nn.ModuleList(Expert(d_model, hidden) for _ in range(num_experts))
        self.dropped_tokens = 0

    def forward(self, x):
        probs = self.router(x).softmax(-1)
        weights, indices = probs.topk(self.top_k, dim=-1)
        weights = weights / weights.sum(-1, keepdim=True)
        buffers = dispatch(x, weights, indices, len(self.experts), self.capacity_factor)
        outputs = [expert(buf) for expert, buf in zip(self.experts, buffers)]
        out, plan = combine(outputs, x)
        self.dropped_tokens += plan.dropped()
        me = probs.mean(0)
        ce = F.one_hot(indices[:, 0], len(self.experts)).float().mean(0)
        return x + out, len(self.experts) * (me * ce).sum()
