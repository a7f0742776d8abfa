"""Switch-Transformer-style top-1 MoE classifier.  The routing decision is
computed once per batch by the MoE layer and handed to the trainer's
load-balancing loss; only the integer capacity is memoised."""
import functools
from typing import NamedTuple

import torch
import torch.nn as nn
import torch.nn.functional as F

CONFIG = {"d_in": 16, "d_model": 32, "num_experts": 4, "num_classes": 5,
          "capacity_factor": 1.25, "balance_coef": 0.01, "epochs": 2, "steps": 3, "lr": 5e-3}


class Routing(NamedTuple):
    probs: torch.Tensor
    gate: torch.Tensor
    expert: torch.Tensor
    keep: torch.Tensor


@functools.lru_cache(maxsize=None)
def expert_capacity(num_tokens, num_experts, capacity_factor):
    return int(capacity_factor * num_tokens / num_experts) + 1


def route_top1(router_logits, capacity):
    probs = F.softmax(router_logits, dim=-1)
    gate, expert = probs.max(dim=-1)
    onehot = F.one_hot(expert, router_logits.shape[-1])
    position = (onehot.cumsum(0) * onehot).sum(-1) - 1
    return Routing(probs, gate, expert, position < capacity)


class SwitchFFN(nn.Module):
    def __init__(self, d_model, num_experts, capacity_factor):
        super().__init__()
        self.router = nn.Linear(d_model, num_experts, bias=False)
        self.experts = nn.ModuleList(
            nn.Sequential(nn.Linear(d_model, 2 * d_model), nn.ReLU(), nn.Linear(2 * d_model, d_model))
            for _ in range(num_experts))
        self.capacity_factor = capacity_factor

    def forward(self, h):
        capacity = expert_capacity(h.shape[0], len(self.experts), self.capacity_factor)
        routing = route_top1(self.router(h), capacity)
        out = torch.zeros_like(h)
        for e, ffn in enumerate(self.experts):
            rows = ((routing.expert == e) & routing.keep).nonzero(as_tuple=True)[0]
            if rows.numel():
                out = out.index_add(0, rows, ffn(h[rows]) * routing.gate[rows].unsqueeze(-1))
        return h + out, routing


class Classifier(nn.Module):
    def __init__(self, cfg):
        super().__init__()
        self.inp = nn.Linear(cfg["d_in"], cfg["d_model"])
        self.moe = SwitchFFN(cfg["d_model"], cfg["num_experts"], cfg["capacity_factor"])
        self.out = nn.Linear(cfg["d_model"], cfg["num_classes"])

    def forward(self, x):
        h, routing = self.moe(torch.relu(self.inp(x)))
        return self.out(h), routing


def balance_loss(routing):
    num_experts = routing.probs.shape[-1]
    fraction = F.one_hot(routing.expert, num_experts).float().mean(0)
    return num_experts * (fraction * routing.probs.mean(0)).sum()


def main():
    torch.manual_seed(0)
    cfg = CONFIG
    centers = torch.randn(cfg["num_classes"], cfg["d_in"]) * 2
    model = Classifier(cfg)
    opt = torch.optim.Adam(model.parameters(), lr=cfg["lr"])
    for epoch in range(cfg["epochs"]):
        for _ in range(cfg["steps"]):
            y = torch.randint(0, cfg["num_classes"], (48,))
            x = centers[y] + torch.randn(48, cfg["d_in"])
            logits, routing = model(x)
            loss = F.cross_entropy(logits, y) + cfg["balance_coef"] * balance_loss(routing)
            opt.zero_grad()
            loss.backward()
            opt.step()
        print(f"epoch {epoch}: loss {loss.item():.3f}")


if __name__ == "__main__":
    main()
