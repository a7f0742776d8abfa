"""Trains small encoders with different depths while monitoring per-layer activation statistics."""
import torch
import torch.nn as nn
import torch.nn.functional as F

from monitor import ActivationMonitor


def build_encoder(depth, dim=16, classes=3):
    layers = [nn.Linear(8, dim)]
    for _ in range(depth):
        layers += [nn.LayerNorm(dim), nn.Linear(dim, dim), nn.Tanh()]
    layers.append(nn.Linear(dim, classes))
    return nn.Sequential(*layers)


def train(depth, steps=4):
    model = build_encoder(depth)
    monitor = ActivationMonitor().attach(model)
    opt = torch.optim.SGD(model.parameters(), lr=0.05)
    for _ in range(steps):
        x, y = torch.randn(12, 8), torch.randint(0, 3, (12,))
        loss = F.cross_entropy(model(x), y)
        opt.zero_grad()
        loss.backward()
        opt.step()
    stats = monitor.report()
    exploding = [name for name, (_, std) in stats.items() if std > 10.0]
    return loss.item(), exploding


def main():
    torch.manual_seed(0)
    results = {depth: train(depth) for depth in (1, 3)}
    assert all(isinstance(loss, float) for loss, _ in results.values())


if __name__ == "__main__":
    main()
