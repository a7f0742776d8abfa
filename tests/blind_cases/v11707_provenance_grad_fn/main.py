"""Regression training with a per-sample data-quality monitor attached."""
import torch
import torch.nn as nn

from monitor import LossSpikeMonitor
from provenance import LEDGER

CONFIG = {"runs": ["baseline", "wide"], "hidden": {"baseline": 16, "wide": 48},
          "n": 128, "dim": 6, "batch_size": 32, "epochs": 2, "lr": 0.01}


def make_data(n, dim, seed):
    g = torch.Generator().manual_seed(seed)
    x = torch.randn(n, dim, generator=g)
    y = x @ torch.randn(dim, 1, generator=g) + 0.1 * torch.randn(n, 1, generator=g)
    corrupt = torch.randperm(n, generator=g)[: n // 16]
    y[corrupt] *= -8.0
    return x, y


def train(run, cfg):
    x, y = make_data(cfg["n"], cfg["dim"], seed=len(run))
    model = nn.Sequential(nn.Linear(cfg["dim"], cfg["hidden"][run]), nn.GELU(),
                          nn.Linear(cfg["hidden"][run], 1))
    opt = torch.optim.AdamW(model.parameters(), lr=cfg["lr"])
    monitor = LossSpikeMonitor(run)
    step = 0
    for epoch in range(cfg["epochs"]):
        perm = torch.randperm(cfg["n"])
        for start in range(0, cfg["n"], cfg["batch_size"]):
            idx = perm[start:start + cfg["batch_size"]]
            per_sample = nn.functional.smooth_l1_loss(model(x[idx]), y[idx], reduction="none").mean(1)
            monitor.observe(step, idx.tolist(), per_sample)
            loss = per_sample.mean()
            opt.zero_grad()
            loss.backward()
            opt.step()
            step += 1
    return loss.item()


def main():
    for run in CONFIG["runs"]:
        final = train(run, CONFIG)
        print(f"{run}: final loss {final:.3f}, flags {LEDGER.report(run)}")


if __name__ == "__main__":
    main()
