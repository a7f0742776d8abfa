"""Watches for dying ReLUs while training a small MLP with a deliberately high learning rate."""
import torch
import torch.nn as nn
import torch.nn.functional as F

from probe import LayerProbe


def install_probes(model):
    probes = []
    for name, module in model.named_modules():
        if isinstance(module, nn.ReLU):
            probe = LayerProbe(name, module)
            probe.handle = module.register_forward_hook(probe.record)  # cycle
            probes.append(probe)
    return probes


def run_trial(lr, steps=4):
    model = nn.Sequential(nn.Linear(10, 32), nn.ReLU(), nn.Linear(32, 32), nn.ReLU(), nn.Linear(32, 3))
    probes = install_probes(model)
    opt = torch.optim.SGD(model.parameters(), lr=lr)
    for _ in range(steps):
        x = torch.randn(24, 10)
        y = torch.randint(0, 3, (24,))
        loss = F.cross_entropy(model(x), y)
        opt.zero_grad()
        loss.backward()
        opt.step()
    return [p.summary() for p in probes]


def main():
    torch.manual_seed(2)
    report = {lr: run_trial(lr) for lr in (0.01, 0.5, 2.0)}
    assert all(len(v) == 2 for v in report.values())


if __name__ == "__main__":
    main()
