"""Fit a small regressor through a strategy-wrapped optimizer, once per learning rate."""
import torch
import torch.nn as nn

from strategy import SingleDeviceStrategy


class Regressor(nn.Module):
    def __init__(self, dim=6, hidden=12):
        super().__init__()
        self.body = nn.Sequential(nn.Linear(dim, hidden), nn.GELU())
        self.head = nn.Linear(hidden, 1)

    def forward(self, x):
        return self.head(self.body(x)).squeeze(-1)


def run_trial(lr, steps=4):
    strategy = SingleDeviceStrategy(clip_norm=1.0)
    model = Regressor()
    optimizer = strategy.setup_optimizer(torch.optim.AdamW(model.parameters(), lr=lr))
    history = []
    for _ in range(steps):
        x = torch.randn(32, 6)
        y = x[:, :3].sum(dim=1)
        loss = nn.functional.smooth_l1_loss(model(x), y)
        optimizer.zero_grad()
        loss.backward()
        optimizer.step()
        history.append(loss.item())
    current_lr = optimizer.param_groups[0]["lr"]
    return history[-1], current_lr, dict(strategy.timings)


def main():
    results = {}
    for lr in (1e-3, 3e-3, 1e-2):
        final_loss, current_lr, timings = run_trial(lr)
        results[lr] = final_loss
        assert current_lr == lr and set(timings) == {"step", "zero_grad"}
    best = min(results, key=results.get)
    return best


if __name__ == "__main__":
    main()
