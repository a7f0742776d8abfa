"""Top-2 mixture-of-experts block that groups tokens per active expert before the expert GEMMs."""
import collections
import itertools

import torch
import torch.nn as nn
import torch.nn.functional as F

CONFIG = {
    "d_model": 16,
    "d_ff": 32,
    "num_experts": 6,
    "top_k": 2,
    "aux_coef": 0.01,
    "epochs": 2,
    "steps": 3,
    "batch": 24,
}


class Expert(nn.Module):
    def __init__(self, d_model, d_ff):
        super().__init__()
        self.up = nn.Linear(d_model, d_ff)
        self.down = nn.Linear(d_ff, d_model)

    def forward(self, x):
        return self.down(F.gelu(self.up(x)))


class ActiveExperts:
    """Dense slot ids for the experts that received tokens in the current batch."""

    def __init__(self):
        self.slot_of = collections.defaultdict(itertools.count().__next__)
        self.token_ids = []
        self.weights = []

    def assign(self, expert, token_ids, weights):
        slot = self.slot_of[expert]
        if slot == len(self.token_ids):
            self.token_ids.append([])
            self.weights.append([])
        self.token_ids[slot].append(token_ids)
        self.weights[slot].append(weights)

    def groups(self):
        for expert, slot in self.slot_of.items():
            yield expert, torch.cat(self.token_ids[slot]), torch.cat(self.weights[slot])


class MoEBlock(nn.Module):
    def __init__(self, cfg):
        super().__init__()
        self.top_k = cfg["top_k"]
        self.num_experts = cfg["num_experts"]
        self.gate = nn.Linear(cfg["d_model"], cfg["num_experts"], bias=False)
        self.experts = nn.ModuleList(Expert(cfg["d_model"], cfg["d_ff"]) for _ in range(cfg["num_experts"]))

    def forward(self, x):
        probs = self.gate(x).softmax(dim=-1)
        top_w, top_i = probs.topk(self.top_k, dim=-1)
        top_w = top_w / top_w.sum(-1, keepdim=True)

        active = ActiveExperts()
        for k in range(self.top_k):
            for e in top_i[:, k].unique().tolist():
                rows = (top_i[:, k] == e).nonzero().squeeze(-1)
                active.assign(self.experts[e], rows, top_w[rows, k])

        out = torch.zeros_like(x)
        for expert, rows, w in active.groups():
            out = out.index_add(0, rows, expert(x[rows]) * w.unsqueeze(-1))

        load = F.one_hot(top_i[:, 0], self.num_experts).float().mean(0)
        aux = self.num_experts * (load * probs.mean(0)).sum()
        return x + out, aux


def main():
    torch.manual_seed(0)
    cfg = dict(CONFIG)
    model = nn.ModuleDict({"embed": nn.Linear(8, cfg["d_model"]), "moe": MoEBlock(cfg),
                           "head": nn.Linear(cfg["d_model"], 3)})
    opt = torch.optim.Adam(model.parameters(), lr=1e-3)
    for epoch in range(cfg["epochs"]):
        running = 0.0
        for step in range(cfg["steps"]):
            x = torch.randn(cfg["batch"], 8)
            y = torch.randint(0, 3, (cfg["batch"],))
            h, aux = model["moe"](model["embed"](x))
            loss = F.cross_entropy(model["head"](h), y) + cfg["aux_coef"] * aux
            opt.zero_grad()
            loss.backward()
            opt.step()
            running += loss.item()
        print(f"epoch {epoch} loss {running / cfg['steps']:.4f}")


if __name__ == "__main__":
    main()
