"""Neural ODE vector field and the odeint entry point used by the training scripts."""
import torch
import torch.nn as nn

from solvers import DormandPrince


class ODEFunc(nn.Module):
    def __init__(self, dim=2, hidden=32):
        super().__init__()
        self.net = nn.Sequential(nn.Linear(dim, hidden), nn.Tanh(), nn.Linear(hidden, dim))

    def forward(self, t, y):
        return self.net(y ** 3)


SOLVER_OPTIONS = {"rtol": 1e-3, "atol": 1e-4}


def odeint(func, y0, ts, method=None):
    if method is None:
        method = DormandPrince(**SOLVER_OPTIONS)
    return method.integrate(func, y0, ts)
