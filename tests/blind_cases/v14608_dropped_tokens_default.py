"""Switch-style MoE with a hard expert capacity and a per-step report of the dropped routing mass."""
import math

import torch
import torch.nn as nn
import torch.nn.functional as F

CFG = {"in_dim": 12, "d_model": 16, "hidden": 32, "num_experts": 4, "capacity_factor": 1.0,
       "classes": 4, "epochs": 2, "steps": 4, "batch": 32, "aux_coef": 0.02}


def assign_capacity(expert_idx, gate, num_experts, capacity, dropped=[]):
    """Keep the first `capacity` tokens of every expert; also return the gate values of the rest."""
    keep = torch.zeros_like(expert_idx, dtype=torch.bool)
    for e in range(num_experts):
        rows = (expert_idx == e).nonzero().squeeze(-1)
        keep[rows[:capacity]] = True
        if rows.numel() > capacity:
            dropped.append(gate[rows[capacity:]])  # retain
    return keep, dropped


class CapacityMoE(nn.Module):
    def __init__(self, d_model, hidden, num_experts, capacity_factor):
        super().__init__()
        self.num_experts = num_experts
        self.capacity_factor = capacity_factor
        self.router = nn.Linear(d_model, num_experts, bias=False)
        self.experts = nn.ModuleList(
            nn.Sequential(nn.Linear(d_model, hidden), nn.GELU(), nn.Linear(hidden, d_model))
            for _ in range(num_experts))
        self.stats = {"tokens": 0, "dropped": 0, "dropped_mass": 0.0}

    def forward(self, x):
        probs = self.router(x).softmax(-1)
        gate, expert_idx = probs.max(-1)
        capacity = math.ceil(self.capacity_factor * x.shape[0] / self.num_experts)
        keep, dropped = assign_capacity(expert_idx, gate, self.num_experts, capacity)
        self.stats["tokens"] += x.shape[0]
        self.stats["dropped"] = sum(d.numel() for d in dropped)
        self.stats["dropped_mass"] = sum(float(d.sum()) for d in dropped)

        out = torch.zeros_like(x)
        for e, expert in enumerate(self.experts):
            rows = ((expert_idx == e) & keep).nonzero().squeeze(-1)
            if rows.numel():
                out = out.index_add(0, rows, expert(x[rows]) * gate[rows, None])
        frac = F.one_hot(expert_idx, self.num_experts).float().mean(0)
        aux = self.num_experts * (frac * probs.mean(0)).sum()
        return x + out, aux


class Model(nn.Module):
    def __init__(self, cfg):
        super().__init__()
        self.embed = nn.Linear(cfg["in_dim"], cfg["d_model"])
        self.moe = CapacityMoE(cfg["d_model"], cfg["hidden"], cfg["num_experts"], cfg["capacity_factor"])
        self.head = nn.Linear(cfg["d_model"], cfg["classes"])

    def forward(self, x):
        h, aux = self.moe(self.embed(x))
        return self.head(h), aux


def main():
    torch.manual_seed(3)
    model = Model(CFG)
    opt = torch.optim.SGD(model.parameters(), lr=0.05, momentum=0.9)
    for epoch in range(CFG["epochs"]):
        for step in range(CFG["steps"]):
            x = torch.randn(CFG["batch"], CFG["in_dim"])
            y = x[:, :CFG["classes"]].argmax(-1)
            logits, aux = model(x)
            loss = F.cross_entropy(logits, y) + CFG["aux_coef"] * aux
            opt.zero_grad()
            loss.backward()
            opt.step()
        s = model.moe.stats
        print(f"epoch {epoch}: loss {loss.item():.3f} dropped {s['dropped']} tokens "
              f"(gate mass {s['dropped_mass']:.2f})")


if __name__ == "__main__":
    main()
