"""Recover a 1D conductivity profile from steady-state temperatures with LBFGS (finite-volume forward model)."""
import torch
import torch.nn as nn
import torch.nn.functional as F

CONFIG = {
    "n_cells": 32,
    "n_sources": 4,
    "noise": 1e-4,
    "lbfgs": {"lr": 1.0, "max_iter": 15, "history_size": 10, "line_search_fn": "strong_wolfe"},
    "outer_steps": 3,
    "smooth": 1e-3,
}


def solve_steady(k_face, source, h):
    """-(k u')' = s on (0, 1), u(0) = u(1) = 0; k_face holds the n + 1 face conductivities."""
    main_diag = (k_face[:-1] + k_face[1:]) / h ** 2
    off = -k_face[1:-1] / h ** 2
    a = torch.diag(main_diag) + torch.diag(off, 1) + torch.diag(off, -1)
    return torch.linalg.solve(a, source.T).T


class ConductivityField(nn.Module):
    def __init__(self, n_faces):
        super().__init__()
        self.raw = nn.Parameter(torch.zeros(n_faces))

    def forward(self):
        return F.softplus(self.raw) + 0.05


def true_conductivity(x):
    return 1.0 + 0.8 * torch.tanh(10 * (x - 0.4))


def fit(model, source, u_obs, h, cfg):
    opt = torch.optim.LBFGS(model.parameters(), **cfg["lbfgs"])
    n_evals = 0
    misfits = []

    def closure():
        nonlocal n_evals
        opt.zero_grad()
        k = model()
        misfit = (solve_steady(k, source, h) - u_obs).pow(2).mean()
        loss = misfit + cfg["smooth"] * (k[1:] - k[:-1]).pow(2).sum()
        loss.backward()
        n_evals += 1
        misfits.append(misfit.item())
        return loss

    for _ in range(cfg["outer_steps"]):
        opt.step(closure)
    return n_evals, misfits


def main():
    torch.manual_seed(0)
    cfg = CONFIG
    n = cfg["n_cells"]
    h = 1.0 / (n + 1)
    faces = torch.linspace(0.0, 1.0, n + 1)
    nodes = torch.linspace(h, 1.0 - h, n)
    source = torch.stack([torch.exp(-((nodes - c) / 0.1) ** 2) for c in torch.rand(cfg["n_sources"])])
    with torch.no_grad():
        u_obs = solve_steady(true_conductivity(faces), source, h)
        u_obs += cfg["noise"] * torch.randn_like(u_obs)
    model = ConductivityField(n + 1)
    n_evals, misfits = fit(model, source, u_obs, h, cfg)
    err = (model().detach() - true_conductivity(faces)).abs().mean().item()
    print(f"{n_evals} evaluations, misfit {misfits[0]:.2e} -> {misfits[-1]:.2e}, mean |k error| {err:.3f}")


if __name__ == "__main__":
    main()
