"""Sparse feed-forward layer: router + expert MLPs + Switch-style balance loss."""
import torch
import torch.nn as nn
import torch.nn.functional as F

from routing import Router


class ExpertMLP(nn.Module):
    def __init__(self, d_model, hidden):
        super().__init__()
        self.fc1 = nn.Linear(d_model, hidden)
        self.fc2 = nn.Linear(hidden, d_model)

    def forward(self, x):
        return self.fc2(F.relu(self.fc1(x)))


class SparseFFN(nn.Module):
    def __init__(self, d_model, hidden, num_experts, top_k, jitter):
        super().__init__()
        self.router = Router(d_model, num_experts, top_k=top_k, jitter=jitter)
        self.experts = nn.ModuleList(ExpertMLP(d_model, hidden) for _ in range(num_experts))

    def forward(self, x):
        r = self.router(x)
        out = torch.zeros_like(x)
        for e, expert in enumerate(self.experts):
            tok, slot = (r.index == e).nonzero(as_tuple=True)
            if tok.numel() == 0:
                continue
            out = out.index_add(0, tok, expert(x[tok]) * r.weight[tok, slot].unsqueeze(-1))
        frac = F.one_hot(r.index[:, 0], len(self.experts)).float().mean(0)
        balance = len(self.experts) * (frac * r.probs.mean(0)).sum()
        return out, balance


class MoEClassifier(nn.Module):
    def __init__(self, in_dim, num_classes, cfg):
        super().__init__()
        self.embed = nn.Linear(in_dim, cfg["d_model"])
        self.ffn = SparseFFN(cfg["d_model"], cfg["hidden"], cfg["num_experts"], cfg["top_k"], cfg["jitter"])
        self.head = nn.Linear(cfg["d_model"], num_classes)

    def forward(self, x):
        h = self.embed(x)
        delta, balance = self.ffn(h)
        return self.head(h + delta), balance
