"""Viscous Burgers equation u_t + u u_x = nu u_xx on x in [-1, 1], t in [0, 1]."""
import math

import torch


def burgers_residual(field, coords, nu):
    u = field(coords)
    return u.partial("t") + u * u.partial("x") - nu * u.partial("x", "x")


def initial_condition(x):
    return -torch.sin(math.pi * x)


def collocation(n):
    x = 2 * torch.rand(n, 1) - 1
    t = torch.rand(n, 1)
    return torch.cat([x, t], dim=1)


def boundary_points(n):
    t = torch.rand(n, 1)
    x = torch.where(torch.rand(n, 1) < 0.5, -torch.ones(n, 1), torch.ones(n, 1))
    return torch.cat([x, t], dim=1)


def initial_points(n):
    x = 2 * torch.rand(n, 1) - 1
    return torch.cat([x, torch.zeros_like(x)], dim=1), initial_condition(x)
