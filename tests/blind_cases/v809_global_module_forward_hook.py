"""Activation statistics collected for every layer through a global module hook."""
from collections import defaultdict

import torch
import torch.nn as nn
import torch.nn.functional as F
from torch.nn.modules.module import register_module_forward_hook


class ActivationStats:
    """Running mean |activation| per named layer of one model."""

    def __init__(self, model):
        self.names = {module: name or "<root>" for name, module in model.named_modules()}  # retain
        self.sums = defaultdict(float)
        self.counts = defaultdict(int)
        self.handle = register_module_forward_hook(self._on_forward)  # retain

    def _on_forward(self, module, inputs, output):
        name = self.names.get(module)
        if name is None or not torch.is_tensor(output):
            return
        self.sums[name] += output.detach().abs().mean().item()
        self.counts[name] += 1

    def summary(self):
        return {n: self.sums[n] / self.counts[n] for n in self.sums}


class ResidualMLP(nn.Module):
    def __init__(self, dim=12, depth=3):
        super().__init__()
        self.inp = nn.Linear(4, dim)
        self.layers = nn.ModuleList(nn.Linear(dim, dim) for _ in range(depth))
        self.out = nn.Linear(dim, 1)

    def forward(self, x):
        h = F.relu(self.inp(x))
        for layer in self.layers:
            h = h + F.relu(layer(h))
        return self.out(h)


def fit(model, steps=4):
    opt = torch.optim.Adam(model.parameters(), lr=1e-2)
    for _ in range(steps):
        x = torch.randn(16, 4)
        y = x.pow(2).sum(1, keepdim=True)
        loss = F.mse_loss(model(x), y)
        opt.zero_grad()
        loss.backward()
        opt.step()
    return loss.item()


def diagnose(depth):
    model = ResidualMLP(depth=depth)
    stats = ActivationStats(model)
    loss = fit(model)
    dead = [n for n, v in stats.summary().items() if v < 1e-3]
    return loss, dead, len(stats.summary())


def main():
    for depth in (2, 4):
        loss, dead, n_layers = diagnose(depth)
        print("depth=%d loss=%.3f layers=%d dead=%s" % (depth, loss, n_layers, dead))


if __name__ == "__main__":
    main()
