"""Token routers for the MoE feed-forward layers."""
import collections
import functools

import torch
import torch.nn as nn

Routing = collections.namedtuple("Routing", "index weight probs")


class Router(nn.Module):
    def __init__(self, d_model, num_experts, top_k=1, jitter=0.0):
        super().__init__()
        self.proj = nn.Linear(d_model, num_experts, bias=False)
        self.num_experts = num_experts
        self.top_k = top_k
        self.jitter = jitter

    @functools.cached_property
    def route(self):
        if self.top_k == 1:
            return self._route_switch  # cycle
        return self._route_topk  # cycle

    def _logits(self, x):
        if self.training and self.jitter > 0:
            x = x * torch.empty_like(x).uniform_(1.0 - self.jitter, 1.0 + self.jitter)
        return self.proj(x)

    def _route_switch(self, x):
        probs = self._logits(x).softmax(dim=-1)
        weight, index = probs.max(dim=-1)
        return Routing(index.unsqueeze(-1), weight.unsqueeze(-1), probs)

    def _route_topk(self, x):
        probs = self._logits(x).softmax(dim=-1)
        weight, index = probs.topk(self.top_k, dim=-1)
        return Routing(index, weight / weight.sum(-1, keepdim=True), probs)
