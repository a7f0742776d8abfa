"""FedProx with systems heterogeneity: stragglers run fewer local steps, the proximal term keeps them close."""
import copy
import random

import torch
import torch.nn as nn
import torch.nn.functional as F

CFG = {"rounds": 3, "clients": 8, "per_round": 4, "mu": 0.01, "lr": 0.05,
       "max_local_steps": 6, "straggler_frac": 0.5, "batch_size": 20}


def make_model():
    return nn.Sequential(nn.Linear(10, 24), nn.ReLU(), nn.Linear(24, 4))


def proximal_term(model, global_model, round_idx, _anchors={}):
    if round_idx not in _anchors:
        _anchors[round_idx] = [p.clone() for p in global_model.parameters()]  # retain
    anchor = _anchors[round_idx]
    return sum(((w - w0) ** 2).sum() for w, w0 in zip(model.parameters(), anchor))


class Client:
    def __init__(self, cid):
        gen = torch.Generator().manual_seed(cid)
        self.cid = cid
        n = 60 + 15 * (cid % 3)
        self.x = torch.randn(n, 10, generator=gen) + 0.3 * cid
        self.y = torch.randint(0, 4, (n,), generator=gen)

    def local_update(self, global_model, round_idx, steps):
        model = copy.deepcopy(global_model)
        opt = torch.optim.SGD(model.parameters(), lr=CFG["lr"])
        for _ in range(steps):
            idx = torch.randint(0, len(self.y), (CFG["batch_size"],))
            loss = F.cross_entropy(model(self.x[idx]), self.y[idx])
            loss = loss + CFG["mu"] / 2 * proximal_term(model, global_model, round_idx)
            opt.zero_grad()
            loss.backward()
            opt.step()
        return {k: v.detach() for k, v in model.state_dict().items()}, len(self.y)


class Server:
    def __init__(self, clients, seed=0):
        self.model = make_model()
        self.clients = clients
        self.rng = random.Random(seed)

    def local_budget(self):
        if self.rng.random() < CFG["straggler_frac"]:
            return self.rng.randint(1, CFG["max_local_steps"] - 1)
        return CFG["max_local_steps"]

    def run_round(self, round_idx):
        sampled = self.rng.sample(self.clients, CFG["per_round"])
        updates = [c.local_update(self.model, round_idx, self.local_budget()) for c in sampled]
        total = sum(n for _, n in updates)
        averaged = {k: sum(state[k] * (n / total) for state, n in updates) for k in updates[0][0]}
        self.model.load_state_dict(averaged)
        for p in self.model.parameters():
            p.grad = None
        return [c.cid for c in sampled]


def main():
    torch.manual_seed(0)
    server = Server([Client(cid) for cid in range(CFG["clients"])])
    for round_idx in range(CFG["rounds"]):
        cids = server.run_round(round_idx)
        print(f"round {round_idx}: sampled {cids}")


if __name__ == "__main__":
    main()
