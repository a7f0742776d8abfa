"""PINN for the Poisson problem -lap(u) = f on [-1, 1]^2 with u = 0 on the boundary, trained with RAR."""
import math

import torch
import torch.nn as nn

from sampling import refine, sample_boundary, sample_collocation

CONFIG = {"hidden": 32, "lr": 5e-3, "epochs": 3, "steps_per_epoch": 3,
          "n_colloc": 96, "n_bc": 48, "refine_k": 16, "bc_weight": 10.0}


def forcing(xy):
    return 2 * math.pi ** 2 * torch.sin(math.pi * xy[:, :1]) * torch.sin(math.pi * xy[:, 1:])


class PoissonNet(nn.Module):
    def __init__(self, hidden):
        super().__init__()
        self.net = nn.Sequential(nn.Linear(2, hidden), nn.Tanh(), nn.Linear(hidden, hidden),
                                 nn.Tanh(), nn.Linear(hidden, 1))

    def forward(self, xy):
        return self.net(xy)


def poisson_residual(model, xy):
    u = model(xy)
    (du,) = torch.autograd.grad(u, xy, torch.ones_like(u), create_graph=True)
    lap = 0.0
    for axis in range(2):
        (d2,) = torch.autograd.grad(du[:, axis:axis + 1], xy, torch.ones_like(u), create_graph=True)
        lap = lap + d2[:, axis:axis + 1]
    return -lap - forcing(xy)


def main():
    torch.manual_seed(0)
    cfg = CONFIG
    model = PoissonNet(cfg["hidden"])
    opt = torch.optim.Adam(model.parameters(), lr=cfg["lr"])
    for epoch in range(cfg["epochs"]):
        for step in range(cfg["steps_per_epoch"]):
            xy = sample_collocation(cfg["n_colloc"])
            res = poisson_residual(model, xy)
            loss = res.pow(2).mean() + cfg["bc_weight"] * model(sample_boundary(cfg["n_bc"])).pow(2).mean()
            opt.zero_grad()
            loss.backward()
            opt.step()
        pool_size = refine(xy, res, cfg["refine_k"])
        print(f"epoch {epoch}: loss {loss.item():.3f}, refined points {pool_size}")


if __name__ == "__main__":
    main()
