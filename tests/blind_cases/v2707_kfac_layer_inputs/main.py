"""Regression sweep comparing K-FAC damping values on a small MLP."""
import torch
import torch.nn as nn

from kfac import KFACPreconditioner


def make_regression(n=128, seed=0):
    g = torch.Generator().manual_seed(seed)
    x = torch.randn(n, 10, generator=g)
    w = torch.randn(10, 1, generator=g)
    return x, torch.sin(x @ w) + 0.05 * torch.randn(n, 1, generator=g)


def build_mlp():
    return nn.Sequential(nn.Linear(10, 32), nn.Tanh(), nn.Linear(32, 32), nn.Tanh(), nn.Linear(32, 1))


def train(damping, epochs=3, batch_size=32):
    torch.manual_seed(0)
    x, y = make_regression()
    model = build_mlp()
    opt = torch.optim.SGD(model.parameters(), lr=0.05, momentum=0.9)
    precond = KFACPreconditioner(model, damping=damping)
    for _ in range(epochs):
        for i in range(0, len(x), batch_size):
            loss = nn.functional.mse_loss(model(x[i:i + batch_size]), y[i:i + batch_size])
            opt.zero_grad()
            loss.backward()
            precond.precondition()
            opt.step()
    model.eval()
    with torch.no_grad():
        return nn.functional.mse_loss(model(x), y).item()


def main():
    for damping in (1e-3, 1e-2, 1e-1):
        print(f"damping {damping:g}: train mse {train(damping):.4f}")


if __name__ == "__main__":
    main()
