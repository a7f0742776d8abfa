"""Top-1 MoE block over a fixed-capacity dispatch buffer."""
import torch
import torch.nn as nn
import torch.nn.functional as F

from capacity import pack_tokens, unpack_tokens


class MoEBlock(nn.Module):
    def __init__(self, d_model, d_ff, num_experts, capacity_factor=1.25):
        super().__init__()
        self.norm = nn.LayerNorm(d_model)
        self.router = nn.Linear(d_model, num_experts, bias=False)
        self.w_in = nn.ModuleList(nn.Linear(d_model, d_ff) for _ in range(num_experts))
        self.w_out = nn.ModuleList(nn.Linear(d_ff, d_model) for _ in range(num_experts))
        self.num_experts = num_experts
        self.capacity_factor = capacity_factor

    def forward(self, x):
        shape = x.shape
        h = self.norm(x).reshape(-1, shape[-1])
        probs = F.softmax(self.router(h), dim=-1)
        gate, expert_idx = probs.max(-1)
        capacity = max(1, int(self.capacity_factor * h.shape[0] / self.num_experts))
        buf, slot, keep = pack_tokens(h, expert_idx, self.num_experts, capacity)
        expert_out = torch.stack([
            w_out(F.gelu(w_in(part)))
            for w_in, w_out, part in zip(self.w_in, self.w_out, buf.expert_slices)])
        y = unpack_tokens(expert_out, expert_idx, slot, keep, gate)
        frac = torch.bincount(expert_idx, minlength=self.num_experts).float() / h.shape[0]
        aux = self.num_experts * (frac * probs.mean(0)).sum()
        return x + y.reshape(shape), aux
