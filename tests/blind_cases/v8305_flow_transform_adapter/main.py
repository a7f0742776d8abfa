"""Maximum-likelihood training of small RealNVP flows on a two-moons-like toy set."""
import math

import torch

from flows import RealNVP

SWEEP = [{"hidden": 16, "n_layers": 4, "lr": 3e-3}, {"hidden": 32, "n_layers": 6, "lr": 1e-3}]


def moons(n, noise=0.05):
    t = torch.rand(n) * math.pi
    upper = torch.rand(n) < 0.5
    x = torch.where(upper, t.cos(), 1 - t.cos())
    y = torch.where(upper, t.sin(), 0.5 - t.sin())
    return torch.stack([x, y], dim=1) + noise * torch.randn(n, 2)


def fit(cfg, steps=6, batch=64):
    flow = RealNVP(2, hidden=cfg["hidden"], n_layers=cfg["n_layers"])
    opt = torch.optim.Adam(flow.parameters(), lr=cfg["lr"])
    for _ in range(steps):
        nll = -flow.distribution().log_prob(moons(batch)).mean()
        opt.zero_grad()
        nll.backward()
        opt.step()
    with torch.no_grad():
        samples = flow.distribution().sample((256,))
        held_out = -flow.distribution().log_prob(moons(256)).mean().item()
    return held_out, samples.std(dim=0).tolist()


def main():
    torch.manual_seed(0)
    for cfg in SWEEP:
        nll, spread = fit(cfg)
        print(f"hidden={cfg['hidden']} layers={cfg['n_layers']}: held-out nll {nll:.3f}, "
              f"sample std {spread[0]:.2f}/{spread[1]:.2f}")


if __name__ == "__main__":
    main()
