"""Top-1 MoE layer that tracks expert usage and can prune rarely used experts."""
import torch
import torch.nn as nn
import torch.nn.functional as F


class MoELayer(nn.Module):
    def __init__(self, name, d_model, d_ff, num_experts):
        super().__init__()
        self.name = name
        self.num_experts = num_experts
        self.router = nn.Linear(d_model, num_experts, bias=False)
        self.experts = nn.ModuleList(
            nn.Sequential(nn.Linear(d_model, d_ff), nn.GELU(), nn.Linear(d_ff, d_model))
            for _ in range(num_experts))
        self.register_buffer("token_counts", torch.zeros(num_experts))
        self.register_buffer("active", torch.ones(num_experts, dtype=torch.bool))

    def token_share(self):
        return (self.token_counts / self.token_counts.sum().clamp_min(1.0)).tolist()

    def forward(self, x):
        logits = self.router(x).masked_fill(~self.active, float("-inf"))
        probs = F.softmax(logits, dim=-1)
        gate, idx = probs.max(-1)
        self.token_counts += torch.bincount(idx, minlength=self.num_experts).float()
        out = torch.zeros_like(x)
        for e in range(self.num_experts):
            rows = (idx == e).nonzero(as_tuple=True)[0]
            if rows.numel():
                out = out.index_add(0, rows, self.experts[e](x[rows]) * gate[rows, None])
        return x + out

    def prune_experts(self, optimizer, min_share):
        share = self.token_share()
        pruned = [e for e in range(self.num_experts) if self.active[e] and share[e] < min_share]
        for e in pruned:
            self.active[e] = False
            dead = {id(p) for p in self.experts[e].parameters()}
            for p in self.experts[e].parameters():
                optimizer.state.pop(p, None)
            optimizer.param_groups[:] = [
                g for g in optimizer.param_groups if not dead & {id(p) for p in g["params"]}]
        return pruned
