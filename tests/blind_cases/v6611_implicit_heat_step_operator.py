"""Fit the diffusivity of a 1D heat model integrated with implicit Euler; each step is a differentiable CG solve."""
import math

import torch
import torch.nn as nn
import torch.nn.functional as F

CONFIG = {"n": 40, "dt": 0.01, "n_steps": 5, "batch": 8, "lr": 0.1, "iters": 8, "cg_tol": 1e-10, "d_true": 0.2}


class HeatOperator:
    """Matrix-free A = I - dt * D * d2/dx2 with zero Dirichlet walls (symmetric positive definite)."""

    def __init__(self, diffusivity, dt, h):
        self.scale = dt / (h * h)
        self.coef = self.scale * diffusivity

    @staticmethod
    def laplacian(u):
        padded = F.pad(u, (1, 1))
        return padded[:, 2:] - 2 * u + padded[:, :-2]

    def __call__(self, u):
        return u - self.coef * self.laplacian(u)


def conjugate_gradient(matvec, b, tol, max_iter=200):
    x, r = torch.zeros_like(b), b.clone()
    p, rs = r.clone(), (r * r).sum(1, keepdim=True)
    for _ in range(max_iter):
        ap = matvec(p)
        alpha = rs / (p * ap).sum(1, keepdim=True).clamp_min(1e-30)
        x, r = x + alpha * p, r - alpha * ap
        rs_new = (r * r).sum(1, keepdim=True)
        if rs_new.max().sqrt() < tol:
            break
        p, rs = r + rs_new / rs.clamp_min(1e-30) * p, rs_new
    return x


class ImplicitHeatStep(torch.autograd.Function):
    @staticmethod
    def forward(ctx, u_prev, diffusivity, dt, h, tol):
        op = HeatOperator(diffusivity.detach(), dt, h)
        u_next = conjugate_gradient(op, u_prev, tol)
        ctx.operator = op
        ctx.tol = tol
        ctx.save_for_backward(u_next)
        return u_next

    @staticmethod
    def backward(ctx, grad_next):
        (u_next,) = ctx.saved_tensors
        op = ctx.operator
        lam = conjugate_gradient(op, grad_next, ctx.tol)
        grad_d = op.scale * (lam * op.laplacian(u_next)).sum()
        return lam, grad_d, None, None, None


class HeatModel(nn.Module):
    def __init__(self, dt, h):
        super().__init__()
        self.log_d = nn.Parameter(torch.tensor(math.log(0.05)))
        self.dt, self.h = dt, h

    def forward(self, u0, n_steps, tol, diffusivity=None):
        d = self.log_d.exp() if diffusivity is None else diffusivity
        u = u0
        for _ in range(n_steps):
            u = ImplicitHeatStep.apply(u, d, self.dt, self.h, tol)
        return u


def initial_profiles(batch, x):
    modes = torch.randint(1, 4, (batch, 1)).float()
    return torch.sin(math.pi * modes * x) + 0.1 * torch.randn(batch, x.numel())


def main():
    torch.manual_seed(0)
    cfg = CONFIG
    h = 1.0 / (cfg["n"] + 1)
    x = torch.linspace(h, 1.0 - h, cfg["n"])
    model = HeatModel(cfg["dt"], h)
    opt = torch.optim.Adam(model.parameters(), lr=cfg["lr"])
    for it in range(cfg["iters"]):
        u0 = initial_profiles(cfg["batch"], x)
        with torch.no_grad():
            observed = model(u0, cfg["n_steps"], cfg["cg_tol"], diffusivity=torch.tensor(cfg["d_true"]))
        loss = (model(u0, cfg["n_steps"], cfg["cg_tol"]) - observed).pow(2).mean()
        opt.zero_grad()
        loss.backward()
        opt.step()
        print(f"iter {it}: loss {loss.item():.3e}, D = {model.log_d.exp().item():.4f}")


if __name__ == "__main__":
    main()
