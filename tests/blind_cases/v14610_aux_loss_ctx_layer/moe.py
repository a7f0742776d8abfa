"""Top-2 MoE feed-forward whose load-balancing loss is attached to its output through autograd."""
import torch
import torch.nn as nn
import torch.nn.functional as F

from functions import AttachAuxLoss


class Top2MoE(nn.Module):
    def __init__(self, d_model, hidden, num_experts, aux_coef=0.01):
        super().__init__()
        self.num_experts = num_experts
        self.aux_coef = aux_coef
        self.aux_backward_calls = 0
        self.gate = nn.Linear(d_model, num_experts, bias=False)
        self.experts = nn.ModuleList(
            nn.Sequential(nn.Linear(d_model, hidden), nn.SiLU(), nn.Linear(hidden, d_model))
            for _ in range(num_experts))
        self.last_output = None

    def forward(self, x):
        probs = self.gate(x).softmax(-1)
        weight, index = probs.topk(2, dim=-1)
        weight = weight / weight.sum(-1, keepdim=True)
        out = torch.zeros_like(x)
        for e, expert in enumerate(self.experts):
            tok, slot = (index == e).nonzero(as_tuple=True)
            if tok.numel():
                out = out.index_add(0, tok, expert(x[tok]) * weight[tok, slot, None])
        density = F.one_hot(index[:, 0], self.num_experts).float().mean(0)
        aux = self.num_experts * (density * probs.mean(0)).sum()
        if self.training:
            out = AttachAuxLoss.apply(out, aux, self)
        self.last_output = out  # cycle
        return out

    def output_rms(self):
        return self.last_output.detach().pow(2).mean().sqrt().item()
