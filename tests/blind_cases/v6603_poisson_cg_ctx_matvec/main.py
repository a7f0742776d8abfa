"""Recover a spatially varying absorption field from screened-Poisson solutions (inverse problem)."""
import math

import torch
import torch.nn as nn
import torch.nn.functional as F

from implicit import screened_poisson

CONFIG = {"n": 48, "batch": 8, "steps": 6, "lr": 5e-2, "smooth": 1e-3, "noise": 1e-4}


def true_kappa(x):
    return 1.0 + 4.0 * torch.exp(-((x - 0.6) / 0.1) ** 2)


def random_sources(batch, x):
    freqs = torch.randint(1, 5, (batch, 3)).float()
    amps = torch.randn(batch, 3)
    return (amps.unsqueeze(-1) * torch.sin(math.pi * freqs.unsqueeze(-1) * x)).sum(dim=1)


class AbsorptionInverse(nn.Module):
    def __init__(self, n, h):
        super().__init__()
        self.raw = nn.Parameter(torch.zeros(n))
        self.h = h

    def kappa(self):
        return F.softplus(self.raw) + 0.1

    def forward(self, source):
        return screened_poisson(source, self.kappa(), self.h)


def main():
    torch.manual_seed(0)
    n = CONFIG["n"]
    h = 1.0 / (n + 1)
    x = torch.linspace(h, 1.0 - h, n)
    k_true = true_kappa(x)
    model = AbsorptionInverse(n, h)
    opt = torch.optim.Adam(model.parameters(), lr=CONFIG["lr"])
    for step in range(CONFIG["steps"]):
        source = random_sources(CONFIG["batch"], x)
        with torch.no_grad():
            observed = screened_poisson(source, k_true, h)
            observed = observed + CONFIG["noise"] * torch.randn_like(observed)
        pred = model(source)
        k = model.kappa()
        loss = F.mse_loss(pred, observed) + CONFIG["smooth"] * (k[1:] - k[:-1]).pow(2).sum()
        opt.zero_grad()
        loss.backward()
        opt.step()
        err = (model.kappa() - k_true).abs().mean().item()
        print(f"step {step}: loss {loss.item():.3e}, mean |kappa error| {err:.3f}")


if __name__ == "__main__":
    main()
