"""Top-k router for sparse MoE layers (ST-MoE style z-loss and Switch balance loss)."""
import torch
import torch.nn as nn
import torch.nn.functional as F


class TopKRouter(nn.Module):
    def __init__(self, dim, num_experts, k=2, jitter=0.01, z_loss_coef=1e-3, balance_coef=1e-2):
        super().__init__()
        self.z_loss_coef = z_loss_coef
        self.balance_coef = balance_coef
        self.num_experts = num_experts
        self.k = k
        self.jitter = jitter
        self.proj = nn.Linear(dim, num_experts, bias=False)

    def forward(self, tokens):
        if self.training and self.jitter > 0:
            tokens = tokens * torch.empty_like(tokens).uniform_(1 - self.jitter, 1 + self.jitter)
        logits = self.proj(tokens)
        probs = logits.softmax(dim=-1)
        gates, experts = probs.topk(self.k, dim=-1)
        gates = gates / gates.sum(dim=-1, keepdim=True)
        z_loss = torch.logsumexp(logits, dim=-1).pow(2).mean()
        aux = self.z_loss_coef * z_loss + self.balance_coef * self.balance_loss(probs, experts)
        return aux, (gates, experts)

    def balance_loss(self, probs, experts):
        first_choice = F.one_hot(experts[:, 0], self.num_experts).float()
        return self.num_experts * (first_choice.mean(0) * probs.mean(0)).sum()
