"""Gradual (cubic-schedule) soft magnitude pruning of a small classifier, for two target sparsities."""
import torch
import torch.nn as nn
import torch.nn.functional as F

from masks import SoftPrunedLinear, density_report

RUNS = [
    {"name": "s50", "final_sparsity": 0.5, "epochs": 3, "steps_per_epoch": 3},
    {"name": "s80", "final_sparsity": 0.8, "epochs": 3, "steps_per_epoch": 3},
]


def cubic_sparsity(epoch, epochs, final):
    progress = min(1.0, (epoch + 1) / epochs)
    return final * (1.0 - (1.0 - progress) ** 3)


def build_model():
    return nn.Sequential(SoftPrunedLinear(20, 64), nn.ReLU(), SoftPrunedLinear(64, 64), nn.ReLU(),
                         SoftPrunedLinear(64, 4))


def run(cfg):
    torch.manual_seed(0)
    model = build_model()
    opt = torch.optim.Adam(model.parameters(), lr=3e-3)
    pruned = [m for m in model.modules() if isinstance(m, SoftPrunedLinear)]
    for epoch in range(cfg["epochs"]):
        sparsity = cubic_sparsity(epoch, cfg["epochs"], cfg["final_sparsity"])
        for layer in pruned[:-1]:
            layer.sparsity = sparsity
        for _ in range(cfg["steps_per_epoch"]):
            x, y = torch.randn(32, 20), torch.randint(0, 4, (32,))
            loss = F.cross_entropy(model(x), y)
            opt.zero_grad()
            loss.backward()
            opt.step()
    return loss.item(), density_report()


def main():
    for cfg in RUNS:
        final, report = run(cfg)
        densities = ", ".join(f"{shape}: {d:.2f}" for shape, d in report.items())
        print(f"{cfg['name']}: loss={final:.3f} [{densities}]")


if __name__ == "__main__":
    main()
