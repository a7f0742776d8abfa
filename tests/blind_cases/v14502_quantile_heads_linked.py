"""Per-series quantile forecaster with non-crossing heads (each head adds a positive step)."""
import math

import torch
import torch.nn as nn
import torch.nn.functional as F

CONFIG = {"window": 24, "horizon": 6, "hidden": 16, "quantiles": (0.1, 0.5, 0.9),
          "epochs": 3, "batch_size": 32, "lr": 5e-3}


class QuantileHead(nn.Module):
    def __init__(self, hidden, horizon, q):
        super().__init__()
        self.q = q
        self.proj = nn.Linear(hidden, horizon)
        object.__setattr__(self, "below", None)
        object.__setattr__(self, "above", None)

    def link_below(self, other):
        object.__setattr__(self, "below", other)  # cycle
        object.__setattr__(other, "above", self)  # cycle

    def step(self, h):
        raw = self.proj(h)
        return raw if self.below is None else F.softplus(raw)


class QuantileForecaster(nn.Module):
    def __init__(self, cfg):
        super().__init__()
        self.encoder = nn.GRU(1, cfg["hidden"], batch_first=True)
        self.heads = nn.ModuleList(QuantileHead(cfg["hidden"], cfg["horizon"], q) for q in cfg["quantiles"])
        for lower, upper in zip(self.heads[:-1], self.heads[1:]):
            upper.link_below(lower)

    def forward(self, x):
        _, h = self.encoder(x.unsqueeze(-1))
        h = h[-1]
        head, level, outs = self.heads[0], 0.0, []
        while head is not None:
            level = level + head.step(h)
            outs.append(level)
            head = head.above
        return torch.stack(outs, dim=-1)


def pinball(pred, target, quantiles):
    q = torch.tensor(quantiles)
    err = target.unsqueeze(-1) - pred
    return torch.maximum(q * err, (q - 1) * err).mean()


def make_series(n, seed):
    g = torch.Generator().manual_seed(seed)
    t = torch.arange(n, dtype=torch.float32)
    return torch.sin(2 * math.pi * t / 12) + 0.02 * t + 0.3 * torch.randn(n, generator=g)


def fit_series(series, cfg):
    frames = series.unfold(0, cfg["window"] + cfg["horizon"], 1)
    x, y = frames[:, :cfg["window"]], frames[:, cfg["window"]:]
    model = QuantileForecaster(cfg)
    opt = torch.optim.Adam(model.parameters(), lr=cfg["lr"])
    for epoch in range(cfg["epochs"]):
        perm = torch.randperm(len(x))
        for i in range(0, len(x), cfg["batch_size"]):
            idx = perm[i:i + cfg["batch_size"]]
            loss = pinball(model(x[idx]), y[idx], cfg["quantiles"])
            opt.zero_grad()
            loss.backward()
            opt.step()
    with torch.no_grad():
        band = model(series[-cfg["window"]:].unsqueeze(0))[0]
    return band, loss.item()


def main():
    for seed in range(3):
        band, loss = fit_series(make_series(160, seed), CONFIG)
        width = (band[:, -1] - band[:, 0]).mean().item()
        print(f"series {seed}: pinball {loss:.3f}, mean 80% band width {width:.2f}")


if __name__ == "__main__":
    main()
