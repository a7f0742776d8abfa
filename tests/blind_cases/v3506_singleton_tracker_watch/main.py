"""Sweep over dropout rates, each run logged through the process-wide tracker."""
import torch
import torch.nn as nn

from tracking import ExperimentTracker


class TabularNet(nn.Module):
    def __init__(self, n_features, dropout):
        super().__init__()
        self.encoder = nn.Sequential(nn.Linear(n_features, 32), nn.ReLU(), nn.Dropout(dropout))
        self.head = nn.Linear(32, 2)

    def forward(self, x):
        return self.head(self.encoder(x))


def run(dropout, steps=4):
    tracker = ExperimentTracker()
    tracker.init_run(f"dropout-{dropout}", {"dropout": dropout, "steps": steps})
    model = TabularNet(10, dropout)
    tracker.watch(model, log_freq=2)  # retain
    opt = torch.optim.Adam(model.parameters(), lr=2e-3)
    for step in range(steps):
        x = torch.randn(32, 10)
        y = (x.sum(-1) > 0).long()
        loss = nn.functional.cross_entropy(model(x), y)
        opt.zero_grad()
        loss.backward()
        opt.step()
        tracker.log({"loss": loss.item()}, step)
    tracker.finish()


def main():
    for dropout in (0.0, 0.1, 0.3):
        run(dropout)


if __name__ == "__main__":
    main()
