"""Top-1 mixture-of-experts layer whose experts report their load to the router."""
import weakref

import torch
import torch.nn as nn
import torch.nn.functional as F


class Expert(nn.Module):
    def __init__(self, dim, hidden):
        super().__init__()
        self.w1 = nn.Linear(dim, hidden)
        self.w2 = nn.Linear(hidden, dim)
        self.index = -1
        self._router_ref = None

    @property
    def router(self):
        return self._router_ref() if self._router_ref is not None else None

    def bind(self, router, index):
        self._router_ref = weakref.ref(router)
        self.index = index

    def forward(self, x):
        router = self.router
        if router is not None:
            router.record_load(self.index, x.shape[0])
        return self.w2(F.gelu(self.w1(x)))


class Top1Router(nn.Module):
    def __init__(self, dim, n_experts, hidden):
        super().__init__()
        self.gate = nn.Linear(dim, n_experts)
        self.experts = nn.ModuleList(Expert(dim, hidden) for _ in range(n_experts))
        for i, expert in enumerate(self.experts):
            expert.bind(self, i)
        self.load = [0] * n_experts

    def record_load(self, index, n_tokens):
        self.load[index] += n_tokens

    def aux_loss(self, probs, choice):
        n = probs.shape[-1]
        frac = F.one_hot(choice, n).float().mean(0)
        return n * (frac * probs.mean(0)).sum()

    def forward(self, x):
        probs = torch.softmax(self.gate(x), dim=-1)
        weight, choice = probs.max(dim=-1)
        out = torch.zeros_like(x)
        for i, expert in enumerate(self.experts):
            sel = choice == i
            if sel.any():
                out[sel] = expert(x[sel]) * weight[sel].unsqueeze(-1)
        return out, self.aux_loss(probs, choice)
