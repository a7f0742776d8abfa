"""Top-1 MoE token mixer with a strict capacity policy: slot assignment raises
CapacityOverflow, which evaluation treats as fatal and training absorbs by
dropping the overflowing tokens."""
import torch
import torch.nn as nn
import torch.nn.functional as F

CONFIG = {"vocab": 50, "d_model": 32, "num_experts": 4, "capacity_factor": 1.0,
          "seq": 24, "batch": 4, "steps": 5, "lr": 2e-3}


class CapacityOverflow(RuntimeError):
    def __init__(self, experts, slots, capacity):
        super().__init__(f"experts {experts} exceeded capacity {capacity}")
        self.experts = experts
        self.slots = slots
        self.capacity = capacity


def assign_slots(expert_idx, num_experts, capacity):
    onehot = F.one_hot(expert_idx, num_experts)
    slots = (onehot.cumsum(0) * onehot).sum(-1) - 1
    load = onehot.sum(0)
    full = (load > capacity).nonzero(as_tuple=True)[0].tolist()
    if full:
        raise CapacityOverflow(full, slots, capacity)
    return slots


class StrictMoE(nn.Module):
    def __init__(self, d_model, num_experts, capacity_factor):
        super().__init__()
        self.router = nn.Linear(d_model, num_experts)
        self.experts = nn.ModuleList(nn.Linear(d_model, d_model) for _ in range(num_experts))
        self.capacity_factor = capacity_factor
        self.overflow_events = 0
        self.dropped_tokens = 0

    def forward(self, x):
        tokens = x.reshape(-1, x.shape[-1])
        probs = F.softmax(self.router(tokens), dim=-1)
        gate, expert_idx = probs.max(-1)
        capacity = int(self.capacity_factor * tokens.shape[0] / len(self.experts))
        overflow = None
        try:
            slots = assign_slots(expert_idx, len(self.experts), capacity)
        except CapacityOverflow as exc:
            if not self.training:
                raise
            overflow = exc  # cycle
            slots = exc.slots
        keep = slots < capacity
        out = torch.zeros_like(tokens)
        for e, expert in enumerate(self.experts):
            rows = ((expert_idx == e) & keep).nonzero(as_tuple=True)[0]
            out = out.index_add(0, rows, expert(tokens[rows]) * gate[rows, None])
        if overflow is not None:
            self.overflow_events += 1
            self.dropped_tokens += int((~keep).sum())
        return x + out.reshape(x.shape)


class TokenMixerLM(nn.Module):
    def __init__(self, cfg):
        super().__init__()
        self.embed = nn.Embedding(cfg["vocab"], cfg["d_model"])
        self.moe = StrictMoE(cfg["d_model"], cfg["num_experts"], cfg["capacity_factor"])
        self.head = nn.Linear(cfg["d_model"], cfg["vocab"])

    def forward(self, tokens):
        return self.head(self.moe(self.embed(tokens)))


def main():
    torch.manual_seed(0)
    cfg = CONFIG
    model = TokenMixerLM(cfg)
    opt = torch.optim.Adam(model.parameters(), lr=cfg["lr"])
    for step in range(cfg["steps"]):
        batch = torch.randint(0, cfg["vocab"], (cfg["batch"], cfg["seq"] + 1))
        logits = model(batch[:, :-1])
        loss = F.cross_entropy(logits.reshape(-1, cfg["vocab"]), batch[:, 1:].reshape(-1))
        opt.zero_grad()
        loss.backward()
        opt.step()
    print(f"loss {loss.item():.3f}  overflow steps {model.moe.overflow_events}"
          f"  dropped {model.moe.dropped_tokens}")


if __name__ == "__main__":
    main()
