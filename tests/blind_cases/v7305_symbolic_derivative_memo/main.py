"""Fits symbolic ODE ansatzes: data misfit plus the residual of u' = -k u + A cos(w t)."""
import torch

from expr import Const, Cos, Exp, Sin, Var


def build_ansatz(kind, params):
    t = Var("t")
    a, k, w = (Const(params[name]) for name in ("a", "k", "w"))
    if kind == "damped":
        u = a * Exp(-k * t) + Sin(w * t)
    else:
        u = a * Sin(w * t) + k * Cos(w * t)
    return t, u


def fit_template(kind, t_grid, u_obs, forcing, epochs=3, steps=8):
    params = {name: torch.tensor(0.5, requires_grad=True) for name in ("a", "k", "w")}
    opt = torch.optim.Adam(params.values(), lr=0.05)
    for epoch in range(epochs):
        for _ in range(steps):
            t, u = build_ansatz(kind, params)
            du_dt = u.diff(t)
            pred = u.evaluate({"t": t_grid})
            residual = du_dt.evaluate({"t": t_grid}) + params["k"] * pred - forcing(t_grid)
            loss = (pred - u_obs).pow(2).mean() + 0.1 * residual.pow(2).mean()
            opt.zero_grad()
            loss.backward()
            opt.step()
    return loss.item(), {name: p.item() for name, p in params.items()}


def main():
    torch.manual_seed(0)
    t_grid = torch.linspace(0.0, 3.0, 50)
    u_obs = 0.8 * torch.exp(-0.7 * t_grid) + torch.sin(1.3 * t_grid)
    forcing = lambda t: 1.3 * torch.cos(1.3 * t)
    scores = {}
    for kind in ("damped", "sinusoid"):
        scores[kind] = fit_template(kind, t_grid, u_obs, forcing)
    best = min(scores, key=lambda k: scores[k][0])
    print(f"best template {best}: loss {scores[best][0]:.4f} params {scores[best][1]}")


if __name__ == "__main__":
    main()
