"""Fit a damped-oscillator surrogate with full-batch LBFGS and a strong Wolfe line search."""
import math

import torch
import torch.nn as nn

CONFIG = {
    "n_points": 64,
    "hidden": 16,
    "lbfgs": {"lr": 1.0, "max_iter": 15, "history_size": 8, "line_search_fn": "strong_wolfe"},
    "outer_steps": 3,
    "tol": 1e-7,
    "gamma_prior": 1e-4,
}


class OscillatorNet(nn.Module):
    """Displacement model x(t) = g(t) * exp(-gamma t) with a learnable damping rate."""

    def __init__(self, hidden):
        super().__init__()
        self.body = nn.Sequential(
            nn.Linear(1, hidden), nn.Tanh(),
            nn.Linear(hidden, hidden), nn.Tanh(),
            nn.Linear(hidden, 1),
        )
        self.log_gamma = nn.Parameter(torch.tensor(-1.0))

    def forward(self, t):
        return self.body(t) * torch.exp(-self.log_gamma.exp() * t)


def make_measurements(n, noise=0.01):
    t = torch.linspace(0.0, 4.0, n).unsqueeze(1)
    x = torch.exp(-0.3 * t) * torch.cos(math.pi * t)
    return t, x + noise * torch.randn_like(x)


def fit_lbfgs(model, t, x_obs, cfg):
    opt = torch.optim.LBFGS(model.parameters(), **cfg["lbfgs"])

    def closure():  # cycle
        opt.zero_grad()
        pred = model(t)
        loss = nn.functional.mse_loss(pred, x_obs) + cfg["gamma_prior"] * model.log_gamma.pow(2)
        loss.backward()
        closure.n_evals += 1
        value = loss.item()
        if value < closure.best:
            closure.best = value
        return loss

    closure.n_evals = 0
    closure.best = float("inf")

    history = []
    for step in range(cfg["outer_steps"]):
        loss = opt.step(closure)
        history.append(float(loss))
        if len(history) > 1 and abs(history[-2] - history[-1]) < cfg["tol"]:
            break
    return {"evals": closure.n_evals, "best": closure.best, "history": history}


def main():
    torch.manual_seed(0)
    t, x_obs = make_measurements(CONFIG["n_points"])
    model = OscillatorNet(CONFIG["hidden"])
    report = fit_lbfgs(model, t, x_obs, CONFIG)
    gamma = model.log_gamma.exp().item()
    print(f"LBFGS: {report['evals']} evaluations, best loss {report['best']:.3e}, gamma {gamma:.3f}")


if __name__ == "__main__":
    main()
