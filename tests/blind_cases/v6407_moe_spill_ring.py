"""Top-1 MoE with capacity overflow spilling to the neighbouring expert.

Experts sit on a ring (the expert-parallel ranks in the real system); a token
whose expert is full is offered to the next expert on the ring, up to
`max_hops` times, before it is dropped and only takes the residual path.
"""
import torch
import torch.nn as nn
import torch.nn.functional as F

CFG = {"dim": 24, "hidden": 48, "experts": 4, "capacity_factor": 1.0, "max_hops": 2,
       "batch": 6, "seq": 8, "classes": 5, "steps": 4, "lr": 2e-3}


class ExpertBin:
    def __init__(self, expert_id, capacity):
        self.expert_id = expert_id
        self.capacity = capacity
        self.tokens = []
        self.gates = []
        self.neighbour = None

    def offer(self, token, gate, hops_left):
        if len(self.tokens) < self.capacity:
            self.tokens.append(token)
            self.gates.append(gate)
            return self.expert_id
        if hops_left == 0:
            return None
        return self.neighbour.offer(token, gate, hops_left - 1)


def build_ring(num_experts, capacity):
    bins = [ExpertBin(e, capacity) for e in range(num_experts)]
    for here, there in zip(bins, bins[1:] + bins[:1]):
        here.neighbour = there  # cycle
    return bins


class SpillMoE(nn.Module):
    def __init__(self, dim, hidden, num_experts, capacity_factor, max_hops):
        super().__init__()
        self.gate = nn.Linear(dim, num_experts, bias=False)
        self.experts = nn.ModuleList(
            [nn.Sequential(nn.Linear(dim, hidden), nn.GELU(), nn.Linear(hidden, dim)) for _ in range(num_experts)])
        self.capacity_factor = capacity_factor
        self.max_hops = max_hops
        self.dropped = 0

    def forward(self, x):
        b, t, d = x.shape
        tokens = x.reshape(-1, d)
        probs = self.gate(tokens).softmax(-1)
        gate, choice = probs.max(-1)
        capacity = int(self.capacity_factor * tokens.shape[0] / len(self.experts))
        bins = build_ring(len(self.experts), capacity)
        for i, e in enumerate(choice.tolist()):
            if bins[e].offer(i, gate[i], self.max_hops) is None:
                self.dropped += 1
        out = torch.zeros_like(tokens)
        for slot in bins:
            if not slot.tokens:
                continue
            idx = torch.tensor(slot.tokens)
            y = self.experts[slot.expert_id](tokens[idx]) * torch.stack(slot.gates).unsqueeze(-1)
            out = out.index_add(0, idx, y)
        return x + out.reshape(b, t, d)


class Classifier(nn.Module):
    def __init__(self, cfg):
        super().__init__()
        self.inp = nn.Linear(cfg["dim"], cfg["dim"])
        self.moe = SpillMoE(cfg["dim"], cfg["hidden"], cfg["experts"], cfg["capacity_factor"], cfg["max_hops"])
        self.out = nn.Linear(cfg["dim"], cfg["classes"])

    def forward(self, x):
        return self.out(self.moe(self.inp(x)).mean(1))


def main():
    torch.manual_seed(0)
    model = Classifier(CFG)
    opt = torch.optim.Adam(model.parameters(), lr=CFG["lr"])
    for step in range(CFG["steps"]):
        x = torch.randn(CFG["batch"], CFG["seq"], CFG["dim"])
        y = torch.randint(0, CFG["classes"], (CFG["batch"],))
        loss = F.cross_entropy(model(x), y)
        opt.zero_grad()
        loss.backward()
        opt.step()
        print(f"step {step} loss {loss.item():.3f} dropped {model.moe.dropped}")


if __name__ == "__main__":
    main()
