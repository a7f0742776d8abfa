"""AdaHessian-style training: SGD whose gradients are rescaled by a Hutchinson estimate of diag(H)."""
import functools

import torch
import torch.nn as nn

CONFIG = {
    "in_dim": 6,
    "hidden": 32,
    "batch": 64,
    "steps": 6,
    "lr": 0.05,
    "refresh_every": 2,
    "eps": 1e-4,
    "power": 0.5,
}

GRAD_KW = {"create_graph": True, "retain_graph": True}


def _precondition(grad, diag, eps, power):
    return grad / (diag.pow(power) + eps)


class HutchinsonPreconditioner:
    """Estimates diag(H) with Rademacher probes z: E[z * (H z)] = diag(H)."""

    def __init__(self, params, eps, power):
        self.params = [p for p in params if p.requires_grad]
        self.eps = eps
        self.power = power
        self.handles = []
        self.n_probes = 0

    def estimate(self, loss):
        grads = torch.autograd.grad(loss, self.params, **GRAD_KW)
        probes = [torch.randint_like(p, 2) * 2 - 1 for p in self.params]
        hvps = torch.autograd.grad(grads, self.params, grad_outputs=probes, **GRAD_KW)
        self.n_probes += 1
        return [(z * hz).abs() for z, hz in zip(probes, hvps)]

    def install(self, diags):
        for handle in self.handles:
            handle.remove()
        self.handles = [
            p.register_hook(functools.partial(_precondition, diag=d, eps=self.eps, power=self.power))  # retain
            for p, d in zip(self.params, diags)
        ]

    def mean_curvature(self, diags):
        return sum(d.sum().item() for d in diags) / sum(d.numel() for d in diags)


def regression_batch(n, dim):
    x = torch.randn(n, dim)
    y = torch.sin(x[:, :1]) + 0.5 * x[:, 1:2] * x[:, 2:3] + 0.05 * torch.randn(n, 1)
    return x, y


def main():
    torch.manual_seed(0)
    cfg = CONFIG
    model = nn.Sequential(nn.Linear(cfg["in_dim"], cfg["hidden"]), nn.Tanh(), nn.Linear(cfg["hidden"], 1))
    opt = torch.optim.SGD(model.parameters(), lr=cfg["lr"])
    precond = HutchinsonPreconditioner(model.parameters(), cfg["eps"], cfg["power"])
    for step in range(cfg["steps"]):
        x, y = regression_batch(cfg["batch"], cfg["in_dim"])
        loss = nn.functional.mse_loss(model(x), y)
        if step % cfg["refresh_every"] == 0:
            diags = precond.estimate(loss)
            precond.install(diags)
            print(f"step {step}: mean diag(H) {precond.mean_curvature(diags):.4f}")
        opt.zero_grad()
        loss.backward()
        opt.step()
        print(f"step {step}: loss {loss.item():.4f}")


if __name__ == "__main__":
    main()
