"""Classifier sweep; every run wraps backward with its instrumentation plugins."""
import contextlib

import torch
import torch.nn as nn

from instrumentation import GradSparsityProbe, NonFiniteLossGuard

SWEEP = [{"hidden": 16, "lr": 0.1}, {"hidden": 48, "lr": 0.05}, {"hidden": 64, "lr": 0.02}]


def fit(model, plugins, lr, steps=6):
    optimizer = torch.optim.SGD(model.parameters(), lr=lr, momentum=0.9)
    history = []
    with contextlib.ExitStack() as stack:
        for plugin in plugins:
            plugin.setup(model)
            stack.callback(plugin.uninstall)
        g = torch.Generator().manual_seed(3)
        for _ in range(steps):
            x = torch.randn(24, 10, generator=g)
            y = (x[:, 0] > x[:, 1]).long()
            loss = nn.functional.cross_entropy(model(x), y)
            optimizer.zero_grad()
            loss.backward()
            optimizer.step()
            history.append(loss.item())
    return history


def main():
    original = torch.Tensor.backward
    for cfg in SWEEP:
        model = nn.Sequential(nn.Linear(10, cfg["hidden"]), nn.ReLU(), nn.Linear(cfg["hidden"], 2))
        probe = GradSparsityProbe()
        history = fit(model, [NonFiniteLossGuard(), probe], cfg["lr"])
        print(cfg["hidden"], round(history[-1], 4), round(sum(probe.zero_fraction) / len(probe.zero_fraction), 3))
    assert torch.Tensor.backward is original


if __name__ == "__main__":
    main()
