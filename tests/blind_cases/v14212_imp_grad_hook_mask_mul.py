"""Iterative magnitude pruning with gradient masking hooks, rewinding to the initial weights."""
import copy

import torch
import torch.nn as nn
import torch.nn.functional as F

IMP = {"rounds": 3, "prune_fraction": 0.3, "steps": 3, "lr": 0.05, "trials": 2}


class MagnitudePruner:
    def __init__(self, model, prune_fraction):
        self.model = model
        self.prune_fraction = prune_fraction
        self.masks = {name: torch.ones_like(p) for name, p in model.named_parameters() if p.dim() > 1}
        self.history = []

    def _params(self):
        params = dict(self.model.named_parameters())
        return [(name, params[name], mask) for name, mask in self.masks.items()]

    @torch.no_grad()
    def prune_round(self):
        for name, p, mask in self._params():
            alive = p[mask.bool()].abs()
            k = max(1, int(alive.numel() * self.prune_fraction))
            threshold = alive.kthvalue(k).values
            self.masks[name] = mask * (p.abs() > threshold).float()
        self.history.append(self.density())

    def install(self):
        for name, p, mask in self._params():
            with torch.no_grad():
                p.mul_(mask)
            p.register_hook(mask.mul)

    def density(self):
        kept = sum(float(m.sum()) for m in self.masks.values())
        return kept / sum(m.numel() for m in self.masks.values())


def train(model, steps, lr):
    opt = torch.optim.SGD(model.parameters(), lr=lr)
    for _ in range(steps):
        x, y = torch.randn(32, 20), torch.randint(0, 5, (32,))
        loss = F.cross_entropy(model(x), y)
        opt.zero_grad()
        loss.backward()
        opt.step()
    return loss.item()


def lottery_ticket(seed, cfg):
    torch.manual_seed(seed)
    model = nn.Sequential(nn.Linear(20, 48), nn.ReLU(), nn.Linear(48, 48), nn.ReLU(), nn.Linear(48, 5))
    init_state = copy.deepcopy(model.state_dict())
    pruner = MagnitudePruner(model, cfg["prune_fraction"])
    for _ in range(cfg["rounds"]):
        train(model, cfg["steps"], cfg["lr"])
        pruner.prune_round()
        model.load_state_dict(init_state)
        pruner.install()
    final = train(model, cfg["steps"], cfg["lr"])
    return final, pruner.history


def main():
    for trial in range(IMP["trials"]):
        loss, history = lottery_ticket(trial, IMP)
        print(f"trial {trial}: loss={loss:.3f} density per round={[round(d, 3) for d in history]}")


if __name__ == "__main__":
    main()
