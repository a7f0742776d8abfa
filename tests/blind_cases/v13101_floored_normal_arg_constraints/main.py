"""Heteroscedastic regression with a learned noise floor, scored by predictive-interval coverage."""
import torch
import torch.nn as nn

from likelihoods import HeteroscedasticHead, gaussian_nll

CONFIG = {
    "hidden": 32,
    "epochs": 3,
    "batches_per_epoch": 4,
    "batch_size": 32,
    "lr": 3e-3,
    "seeds": (0, 1),
}


def sample_batch(n, generator):
    x = torch.rand(n, 1, generator=generator) * 4 - 2
    noise_std = 0.05 + 0.3 * x.abs()
    y = torch.sin(2 * x) + noise_std * torch.randn(n, 1, generator=generator)
    return x, y


class Regressor(nn.Module):
    def __init__(self, hidden):
        super().__init__()
        self.body = nn.Sequential(
            nn.Linear(1, hidden), nn.Tanh(), nn.Linear(hidden, hidden), nn.Tanh())
        self.head = HeteroscedasticHead(hidden)

    def forward(self, x):
        return self.head(self.body(x))


def evaluate(model, x, y):
    model.eval()
    dist = model(x)
    lo, hi = dist.interval()
    coverage = ((y >= lo) & (y <= hi)).float().mean().item()
    nll = -dist.log_prob(y).mean().item()
    model.train()
    return {"nll": nll, "coverage95": coverage, "floor": dist.floor.item()}


def fit(cfg, seed):
    gen = torch.Generator().manual_seed(seed)
    torch.manual_seed(seed)
    model = Regressor(cfg["hidden"])
    opt = torch.optim.Adam(model.parameters(), lr=cfg["lr"])
    x_val, y_val = sample_batch(128, gen)
    history = []
    for epoch in range(cfg["epochs"]):
        for _ in range(cfg["batches_per_epoch"]):
            x, y = sample_batch(cfg["batch_size"], gen)
            loss = gaussian_nll(model(x), y)
            opt.zero_grad()
            loss.backward()
            opt.step()
        history.append(evaluate(model, x_val, y_val))
    return history


def main():
    for seed in CONFIG["seeds"]:
        history = fit(CONFIG, seed)
        last = history[-1]
        print(f"seed {seed}: nll {last['nll']:.3f} coverage {last['coverage95']:.2f} "
              f"floor {last['floor']:.4f}")


if __name__ == "__main__":
    main()
