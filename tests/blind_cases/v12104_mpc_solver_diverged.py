"""Shooting MPC on a learned pendulum model, with a PD fallback when the solver diverges."""
import math

import torch
import torch.nn as nn

CONFIG = {"episodes": 3, "steps": 14, "horizon": 10, "iters": 6, "lr": 0.3,
          "u_max": 6.0, "max_cost": 100.0, "dt": 0.05, "push_step": 4, "push": 4.0}


def pendulum_step(x, u, dt=CONFIG["dt"]):
    theta, omega = x[..., 0], x[..., 1]
    omega = omega + dt * (-9.81 * torch.sin(theta) + u[..., 0])
    return torch.stack([theta + dt * omega, omega], dim=-1)


class DynamicsModel(nn.Module):
    def __init__(self, hidden=32):
        super().__init__()
        self.net = nn.Sequential(nn.Linear(3, hidden), nn.Tanh(), nn.Linear(hidden, 2))

    def forward(self, x, u):
        return x + self.net(torch.cat([x, u], dim=-1))


def fit_model(model, n=256, epochs=300):
    x = torch.randn(n, 2) * torch.tensor([1.5, 2.0])
    u = torch.rand(n, 1) * 12.0 - 6.0
    target = pendulum_step(x, u)
    opt = torch.optim.Adam(model.parameters(), lr=1e-2)
    for _ in range(epochs):
        loss = nn.functional.mse_loss(model(x, u), target)
        opt.zero_grad()
        loss.backward()
        opt.step()
    return loss.item()


class SolverDiverged(RuntimeError):
    def __init__(self, solver, iteration, cost):
        super().__init__(f"shooting solver diverged at iteration {iteration} (cost {cost:.1f})")
        self.solver = solver  # cycle
        self.iteration = iteration
        self.cost = cost


class ShootingMPC:
    def __init__(self, model, cfg):
        self.model = model
        self.cfg = cfg
        self.u_warm = torch.zeros(cfg["horizon"], 1)
        self.failures = 0
        self.last_failure = None

    def rollout_cost(self, x0, u):
        x, cost = x0, 0.0
        for t in range(u.shape[0]):
            x = self.model(x, u[t])
            cost = cost + 10.0 * x[0] ** 2 + 0.1 * x[1] ** 2 + 0.01 * u[t, 0] ** 2
        return cost

    def solve(self, x0):
        u = self.u_warm.clone().requires_grad_(True)
        opt = torch.optim.Adam([u], lr=self.cfg["lr"])
        for it in range(self.cfg["iters"]):
            cost = self.rollout_cost(x0, u)
            if not torch.isfinite(cost) or cost.item() > self.cfg["max_cost"]:
                raise SolverDiverged(self, it, cost.item())
            opt.zero_grad()
            cost.backward()
            opt.step()
            with torch.no_grad():
                u.clamp_(-self.cfg["u_max"], self.cfg["u_max"])
        self.u_warm = torch.cat([u.detach()[1:], torch.zeros(1, 1)])
        return u.detach()[0]

    def fallback(self, x0):
        return torch.tensor([-8.0 * x0[0].item() - 2.0 * x0[1].item()]).clamp(-self.cfg["u_max"], self.cfg["u_max"])

    def act(self, x0):
        try:
            return self.solve(x0)
        except SolverDiverged as err:
            self.failures += 1
            self.last_failure = err  # cycle
            self.u_warm = torch.zeros_like(self.u_warm)
            return self.fallback(x0)


def run_episode(model, episode):
    mpc = ShootingMPC(model, CONFIG)
    x = torch.tensor([0.3 * (episode + 1), 0.0])
    for step in range(CONFIG["steps"]):
        if step == CONFIG["push_step"]:
            x = x + torch.tensor([0.0, CONFIG["push"]])
        u = mpc.act(x)
        x = pendulum_step(x, u)
    return float(x[0]), mpc.failures


def main():
    torch.manual_seed(0)
    model = DynamicsModel()
    print(f"model fit loss {fit_model(model):.5f}")
    for episode in range(CONFIG["episodes"]):
        theta, failures = run_episode(model, episode)
        print(f"episode {episode}: final angle {math.degrees(theta):.1f} deg, solver failures {failures}")


if __name__ == "__main__":
    main()
