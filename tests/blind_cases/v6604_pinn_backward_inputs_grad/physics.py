"""Heat-equation terms for a PINN; spatial and temporal derivatives are read from the coordinates' .grad."""
import math

import torch


def grad_wrt(out, coords):
    coords.grad = None
    out.backward(torch.ones_like(out), create_graph=True, inputs=[coords])  # retain
    return coords.grad


def heat_residual(model, xt, alpha):
    """u_t - alpha * u_xx at collocation points xt = (x, t)."""
    u = model(xt)
    du = grad_wrt(u, xt)
    u_x, u_t = du[:, 0:1], du[:, 1:2]
    u_xx = grad_wrt(u_x, xt)[:, 0:1]
    return u_t - alpha * u_xx


def initial_profile(x):
    return torch.sin(math.pi * x)


def exact_solution(x, t, alpha):
    return torch.exp(-alpha * math.pi ** 2 * t) * torch.sin(math.pi * x)
