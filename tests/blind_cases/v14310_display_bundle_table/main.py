"""Exported notebook: compare a few widths of a regression MLP with a live report per run."""
import torch
import torch.nn as nn

from nbdisplay import display
from report import TrainingReport

RUNS = [{"name": "narrow", "hidden": 8}, {"name": "base", "hidden": 32}, {"name": "wide", "hidden": 96}]
EPOCHS, STEPS, BATCH = 3, 4, 32


def batch():
    x = torch.randn(BATCH, 6)
    return x, (x ** 2).sum(dim=1, keepdim=True)


def run_experiment(cfg):
    model = nn.Sequential(nn.Linear(6, cfg["hidden"]), nn.GELU(), nn.Linear(cfg["hidden"], 1))
    opt = torch.optim.Adam(model.parameters(), lr=3e-3)
    report = TrainingReport(cfg["name"], model, opt)
    handle = display(report, display_id=True)
    for epoch in range(EPOCHS):
        model.train()
        total = 0.0
        for _ in range(STEPS):
            x, y = batch()
            loss = nn.functional.mse_loss(model(x), y)
            opt.zero_grad()
            loss.backward()
            opt.step()
            total += loss.item()
        model.eval()
        with torch.no_grad():
            x, y = batch()
            val = nn.functional.mse_loss(model(x), y).item()
        report.log(epoch, total / STEPS, val)
        handle.update(report)
    return report.rows[-1][2]


def main():
    torch.manual_seed(0)
    scores = {cfg["name"]: run_experiment(cfg) for cfg in RUNS}
    print("best:", min(scores, key=scores.get))


if __name__ == "__main__":
    main()
