"""Ablation: which gradient transforms help a small MLP on a noisy regression task."""
import torch
import torch.nn as nn
import torch.nn.functional as F

from optim import TransformSGD
from transforms import Centralize, ClipToRunningNorm

ABLATION = {
    "plain": [],
    "clip": [lambda: ClipToRunningNorm(factor=2.0)],
    "clip+gc": [lambda: ClipToRunningNorm(factor=1.5), Centralize],
}


def make_data(n=256, seed=0):
    g = torch.Generator().manual_seed(seed)
    x = torch.randn(n, 10, generator=g)
    y = torch.sin(x[:, :1]) + 0.1 * torch.randn(n, 1, generator=g)
    return x, y


def train(name, factories, x, y, steps=6, batch=32):
    model = nn.Sequential(nn.Linear(10, 32), nn.SiLU(), nn.Linear(32, 1))
    opt = TransformSGD(model.parameters(), lr=0.05, nesterov=True)
    for make in factories:
        opt.add_transform(make())
    for step in range(steps):
        idx = torch.randint(0, len(x), (batch,))
        loss = F.mse_loss(model(x[idx]), y[idx])
        opt.zero_grad(set_to_none=True)
        loss.backward()
        opt.step()
    with torch.no_grad():
        return F.mse_loss(model(x), y).item()


def main():
    torch.manual_seed(0)
    x, y = make_data()
    for name, factories in ABLATION.items():
        print(f"{name:8s} mse={train(name, factories, x, y):.4f}")


if __name__ == "__main__":
    main()
