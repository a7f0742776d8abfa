"""Iterative magnitude pruning: weights below a growing sparsity threshold are zeroed and frozen."""
import torch
import torch.nn as nn
import torch.nn.functional as F


class MagnitudePruner:
    def __init__(self, model, schedule=(0.2, 0.4, 0.6)):
        self.model = model  # cycle
        self.schedule = list(schedule)
        self.masks = {}
        self.round = 0
        for name, p in self._prunable():
            self.masks[name] = torch.ones_like(p, dtype=torch.bool)
            p.register_hook(lambda grad, name=name: grad * self.masks[name])  # cycle

    def _prunable(self):
        return [(n, p) for n, p in self.model.named_parameters() if n.endswith("weight") and p.dim() > 1]

    @torch.no_grad()
    def step(self):
        if self.round >= len(self.schedule):
            return
        sparsity = self.schedule[self.round]
        for name, p in self._prunable():
            alive = p[self.masks[name]].abs()
            k = int(sparsity * p.numel())
            if k == 0 or alive.numel() == 0:
                continue
            threshold = p.abs().flatten().kthvalue(k).values
            self.masks[name] = p.abs() > threshold
            p.mul_(self.masks[name])
        self.round += 1

    def sparsity(self):
        total = sum(m.numel() for m in self.masks.values())
        zeros = sum((~m).sum().item() for m in self.masks.values())
        return zeros / total


def train_round(model, opt, n_steps=2):
    for _ in range(n_steps):
        x, y = torch.randn(16, 20), torch.randint(0, 4, (16,))
        loss = F.cross_entropy(model(x), y)
        opt.zero_grad()
        loss.backward()
        opt.step()
    return loss.item()


def main():
    torch.manual_seed(0)
    model = nn.Sequential(nn.Linear(20, 32), nn.ReLU(), nn.Linear(32, 4))
    opt = torch.optim.SGD(model.parameters(), lr=0.05)
    pruner = MagnitudePruner(model)
    for rnd in range(3):
        loss = train_round(model, opt)
        pruner.step()
        print(f"round {rnd}: loss={loss:.3f} sparsity={pruner.sparsity():.2f}")


if __name__ == "__main__":
    main()
