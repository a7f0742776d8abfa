"""Hybrid viscous-Burgers model: physics operators plus a learned convolutional closure."""
import math

import torch
import torch.nn as nn

from monitor import FluxMonitor
from operators import CENTRAL_DIFF, LAPLACIAN

SWEEP = [{"nu": 0.02, "lr": 3e-3}, {"nu": 0.05, "lr": 1e-3}]
GRID = {"nx": 48, "dt": 2e-3, "steps": 12, "iters": 3, "batch": 4}


class HybridBurgers(nn.Module):
    def __init__(self, nu, hidden=8):
        super().__init__()
        self.log_nu = nn.Parameter(torch.tensor(math.log(nu)))
        self.closure = nn.Sequential(
            nn.Conv1d(1, hidden, 5, padding=2, padding_mode="circular"),
            nn.Tanh(),
            nn.Conv1d(hidden, 1, 5, padding=2, padding_mode="circular"),
        )

    def rhs(self, u, h):
        physics = self.log_nu.exp() * LAPLACIAN(u, h) - u * CENTRAL_DIFF(u, h)
        return physics + self.closure(u.unsqueeze(1)).squeeze(1)

    def rollout(self, u, h, dt, steps):
        for _ in range(steps):
            u = u + dt * self.rhs(u + 0.5 * dt * self.rhs(u, h), h)
        return u


def reference(u, h, dt, steps, nu=0.03):
    with torch.no_grad():
        for _ in range(steps):
            u = u + dt * (nu * LAPLACIAN(u, h) - u * CENTRAL_DIFF(u, h))
    return u


class Trainer:
    def __init__(self, cfg):
        self.model = HybridBurgers(cfg["nu"])
        self.opt = torch.optim.Adam(self.model.parameters(), lr=cfg["lr"])
        self.monitor = FluxMonitor(LAPLACIAN, "laplacian")
        self.h = 1.0 / GRID["nx"]

    def fit(self):
        x = torch.arange(GRID["nx"]) * self.h
        for _ in range(GRID["iters"]):
            phase = 2 * math.pi * torch.rand(GRID["batch"], 1)
            u0 = torch.sin(2 * math.pi * x + phase) + 0.5 * torch.sin(4 * math.pi * x - phase)
            target = reference(u0, self.h, GRID["dt"], GRID["steps"])
            pred = self.model.rollout(u0, self.h, GRID["dt"], GRID["steps"])
            loss = ((pred - target) ** 2).mean()
            self.opt.zero_grad()
            loss.backward()
            self.opt.step()
        return loss.item()


def main():
    torch.manual_seed(0)
    for cfg in SWEEP:
        trainer = Trainer(cfg)
        final = trainer.fit()
        print(cfg, f"loss {final:.4e}", trainer.monitor.report())


if __name__ == "__main__":
    main()
