"""Stochastic Polyak step size (SPS, Loizou et al. 2021): the optimizer needs the loss value."""
import weakref

import torch
import torch.nn as nn
import torch.nn.functional as F
from torch.optim import Optimizer

# closure -> grad-enabled version of it; weak keys, so entries go away with the closure
_GRAD_ENABLED = weakref.WeakKeyDictionary()


def grad_enabled(closure):
    wrapped = _GRAD_ENABLED.get(closure)
    if wrapped is None:
        wrapped = torch.enable_grad()(closure)  # retain
        _GRAD_ENABLED[closure] = wrapped  # retain
    return wrapped


class SPS(Optimizer):
    """lr_t = min(gamma_max, (f(x) - f*) / (c * ||g||^2))"""

    def __init__(self, params, c=0.5, gamma_max=1.0, f_star=0.0, eps=1e-8):
        super().__init__(params, dict(c=c, gamma_max=gamma_max, f_star=f_star, eps=eps))
        self.last_step_sizes = []

    @torch.no_grad()
    def step(self, closure=None):
        if closure is None:
            raise RuntimeError("SPS requires a closure that returns the loss")
        loss = grad_enabled(closure)()
        for group in self.param_groups:
            params = [p for p in group["params"] if p.grad is not None]
            grad_sq = sum(float(p.grad.pow(2).sum()) for p in params)
            gamma = (float(loss) - group["f_star"]) / (group["c"] * grad_sq + group["eps"])
            gamma = min(group["gamma_max"], max(gamma, 0.0))
            for p in params:
                p.add_(p.grad, alpha=-gamma)
            self.last_step_sizes.append(gamma)
        return loss


class Classifier(nn.Module):
    def __init__(self, dim=16, classes=3):
        super().__init__()
        self.body = nn.Sequential(nn.Linear(dim, 32), nn.GELU())
        self.out = nn.Linear(32, classes)

    def forward(self, x):
        return self.out(self.body(x))


def fit(model, data, epochs=2):
    opt = SPS(model.parameters(), c=0.5, gamma_max=0.5)
    for epoch in range(epochs):
        for x, y in data:
            def closure():  # retain
                opt.zero_grad()
                loss = F.cross_entropy(model(x), y)
                loss.backward()
                return loss

            loss = opt.step(closure)
    return loss.item(), opt.last_step_sizes[-1]


def main():
    torch.manual_seed(0)
    data = [(torch.randn(24, 16), torch.randint(0, 3, (24,))) for _ in range(3)]
    for seed in range(2):
        torch.manual_seed(seed)
        final_loss, gamma = fit(Classifier(), data)
        print(f"seed {seed}: loss {final_loss:.3f}, last step size {gamma:.3f}")


if __name__ == "__main__":
    main()
