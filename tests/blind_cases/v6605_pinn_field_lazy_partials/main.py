"""PINN training for the viscous Burgers equation with a lazily differentiated neural field."""
import math

import torch
import torch.nn as nn

from fields import NeuralField
from pde import boundary_points, burgers_residual, collocation, initial_points

CONFIG = {"nu": 0.01 / math.pi, "hidden": 32, "depth": 3, "lr": 1e-3, "steps": 5,
          "n_colloc": 128, "n_bc": 32, "n_ic": 32}


def mlp(width, depth):
    layers, d_in = [], 2
    for _ in range(depth):
        layers += [nn.Linear(d_in, width), nn.Tanh()]
        d_in = width
    layers.append(nn.Linear(d_in, 1))
    return nn.Sequential(*layers)


def main():
    torch.manual_seed(0)
    cfg = CONFIG
    net = mlp(cfg["hidden"], cfg["depth"])
    field = NeuralField(net, names=("x", "t"))
    opt = torch.optim.Adam(net.parameters(), lr=cfg["lr"])
    for step in range(cfg["steps"]):
        res = burgers_residual(field, collocation(cfg["n_colloc"]), cfg["nu"])
        x0, u0 = initial_points(cfg["n_ic"])
        loss_pde = res.pow(2).mean()
        loss_ic = (net(x0) - u0).pow(2).mean()
        loss_bc = net(boundary_points(cfg["n_bc"])).pow(2).mean()
        loss = loss_pde + loss_ic + loss_bc
        opt.zero_grad()
        loss.backward()
        opt.step()
        print(f"step {step}: pde {loss_pde.item():.3e} ic {loss_ic.item():.3e} bc {loss_bc.item():.3e}")


if __name__ == "__main__":
    main()
