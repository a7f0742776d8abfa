"""Sparse mixture-of-experts feed-forward block with capacity-limited dispatch."""
import math

import torch
import torch.nn as nn

from router import TopKRouter


class AddAuxiliaryLoss(torch.autograd.Function):
    """Identity on the hidden states that injects d(aux)/d(aux) = 1 in backward."""

    @staticmethod
    def forward(ctx, hidden, aux):
        ctx.dtype = aux.dtype
        ctx.required_aux_grad = aux.requires_grad
        return hidden

    @staticmethod
    def backward(ctx, grad_hidden):
        grad_aux = None
        if ctx.required_aux_grad:
            grad_aux = torch.ones((), dtype=ctx.dtype, device=grad_hidden.device)
        return grad_hidden, grad_aux


class Expert(nn.Module):
    def __init__(self, dim, hidden):
        super().__init__()
        self.fc1 = nn.Linear(dim, hidden)
        self.fc2 = nn.Linear(hidden, dim)

    def forward(self, x):
        return self.fc2(torch.nn.functional.gelu(self.fc1(x)))


class MoEBlock(nn.Module):
    def __init__(self, dim, hidden, num_experts=4, k=2, capacity_factor=1.5):
        super().__init__()
        self.norm = nn.LayerNorm(dim)
        self.router = TopKRouter(dim, num_experts, k)
        self.experts = nn.ModuleList([Expert(dim, hidden) for _ in range(num_experts)])
        self.capacity_factor = capacity_factor

    def forward(self, x):
        b, t, d = x.shape
        tokens = self.norm(x).reshape(b * t, d)
        aux, (gates, experts) = self.router(tokens)
        capacity = math.ceil(self.capacity_factor * tokens.shape[0] * experts.shape[1] / len(self.experts))
        out = torch.zeros_like(tokens)
        for e, expert in enumerate(self.experts):
            token_idx, slot = (experts == e).nonzero(as_tuple=True)
            token_idx, slot = token_idx[:capacity], slot[:capacity]
            if token_idx.numel() == 0:
                continue
            y = expert(tokens[token_idx]) * gates[token_idx, slot].unsqueeze(-1)
            out = out.index_add(0, token_idx, y)
        out = out.reshape(b, t, d)
        if self.training:
            out = AddAuxiliaryLoss.apply(out, aux)
        return x + out


class MoELM(nn.Module):
    def __init__(self, vocab, dim=32, hidden=64, layers=2, num_experts=4):
        super().__init__()
        self.embed = nn.Embedding(vocab, dim)
        self.blocks = nn.ModuleList([MoEBlock(dim, hidden, num_experts) for _ in range(layers)])
        self.head = nn.Linear(dim, vocab)

    def forward(self, ids):
        x = self.embed(ids)
        for block in self.blocks:
            x = block(x)
        return self.head(x)
