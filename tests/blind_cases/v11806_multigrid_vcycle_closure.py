"""Recover a Poisson source term from sparse sensor readings with a differentiable multigrid solver."""
import math

import torch
import torch.nn as nn

CFG = {"n": 65, "levels": 4, "cycles": 4, "pre": 2, "post": 2, "omega": 2.0 / 3.0,
       "modes": 6, "sensors": 12, "iters": 5, "lr": 0.2}


def jacobi(u, f, h, omega, sweeps):
    for _ in range(sweeps):
        interior = 0.5 * (u[:-2] + u[2:] + h * h * f[1:-1])
        u = torch.cat([u[:1], (1 - omega) * u[1:-1] + omega * interior, u[-1:]])
    return u


def residual(u, f, h):
    lap = (u[:-2] - 2 * u[1:-1] + u[2:]) / (h * h)
    return torch.cat([u.new_zeros(1), f[1:-1] + lap, u.new_zeros(1)])


def restrict(r):
    inner = 0.25 * r[1:-2:2] + 0.5 * r[2:-1:2] + 0.25 * r[3::2]
    return torch.cat([r.new_zeros(1), inner, r.new_zeros(1)])


def prolong(e):
    fine = e.new_zeros(2 * (e.shape[0] - 1) + 1)
    fine = fine.index_copy(0, torch.arange(0, fine.shape[0], 2), e)
    mids = 0.5 * (e[:-1] + e[1:])
    return fine.index_copy(0, torch.arange(1, fine.shape[0], 2), mids)


class MultigridPoisson:
    """Solves -u'' = f on [0, 1] with homogeneous Dirichlet boundaries."""

    def __init__(self, cfg):
        self.levels = cfg["levels"]
        self.cycles = cfg["cycles"]
        self.pre, self.post = cfg["pre"], cfg["post"]
        self.omega = cfg["omega"]
        self.residual_history = []

    def solve(self, f):
        h0 = 1.0 / (f.shape[0] - 1)

        def vcycle(u, rhs, h, level):  # cycle
            u = jacobi(u, rhs, h, self.omega, self.pre)
            if level == self.levels - 1:
                return jacobi(u, rhs, h, self.omega, 30)
            coarse_r = restrict(residual(u, rhs, h))
            err = vcycle(torch.zeros_like(coarse_r), coarse_r, 2 * h, level + 1)
            u = u + prolong(err)
            return jacobi(u, rhs, h, self.omega, self.post)

        u = torch.zeros_like(f)
        for _ in range(self.cycles):
            u = vcycle(u, f, h0, 0)
            self.residual_history.append(float(residual(u, f, h0).norm()))
        return u


class SineSource(nn.Module):
    def __init__(self, modes):
        super().__init__()
        self.coef = nn.Parameter(torch.zeros(modes))

    def forward(self, x):
        k = torch.arange(1, self.coef.shape[0] + 1, dtype=x.dtype)
        return (self.coef * torch.sin(math.pi * k * x[:, None])).sum(-1)


def main():
    torch.manual_seed(0)
    cfg = CFG
    x = torch.linspace(0.0, 1.0, cfg["n"])
    sensors = torch.randperm(cfg["n"] - 2)[: cfg["sensors"]] + 1
    true_f = 10 * torch.sin(math.pi * x) + 4 * torch.sin(3 * math.pi * x)
    with torch.no_grad():
        observed = MultigridPoisson(cfg).solve(true_f)[sensors]
    source = SineSource(cfg["modes"])
    opt = torch.optim.Adam(source.parameters(), lr=cfg["lr"])
    for it in range(cfg["iters"]):
        solver = MultigridPoisson(cfg)
        u = solver.solve(source(x))
        loss = ((u[sensors] - observed) ** 2).mean() + 1e-4 * (source.coef ** 2).sum()
        opt.zero_grad()
        loss.backward()
        opt.step()
        print(f"iter {it}: loss {loss.item():.3e}, final residual {solver.residual_history[-1]:.2e}")


if __name__ == "__main__":
    main()
