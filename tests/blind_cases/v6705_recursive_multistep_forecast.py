"""Recursive multi-step forecasting: a one-step-ahead MLP is rolled forward over the
horizon, feeding each prediction back into the input window, and trained on the
multi-step loss."""
import math

import torch
import torch.nn as nn

CONFIG = {"window": 24, "horizon": 6, "hidden": 32, "batch": 16, "epochs": 3, "steps": 4}


class OneStepMLP(nn.Module):
    def __init__(self, window, hidden):
        super().__init__()
        self.net = nn.Sequential(nn.Linear(window, hidden), nn.Tanh(), nn.Linear(hidden, 1))

    def forward(self, window):
        return self.net(window)


class RecursiveForecaster:
    def __init__(self, model, horizon):
        self.model = model
        self.horizon = horizon

    def forecast(self, context):
        preds = []

        def roll(window, steps_left):  # cycle
            if steps_left == 0:
                return
            y = self.model(window)
            preds.append(y)
            roll(torch.cat([window[:, 1:], y], dim=1), steps_left - 1)

        roll(context, self.horizon)
        return torch.cat(preds, dim=1)


def sine_windows(batch, window, horizon):
    phase = torch.rand(batch, 1) * 2 * math.pi
    freq = 0.2 + 0.1 * torch.rand(batch, 1)
    t = torch.arange(window + horizon, dtype=torch.float32)
    series = torch.sin(freq * t + phase) + 0.05 * torch.randn(batch, window + horizon)
    return series[:, :window], series[:, window:]


def main():
    cfg = CONFIG
    model = OneStepMLP(cfg["window"], cfg["hidden"])
    forecaster = RecursiveForecaster(model, cfg["horizon"])
    opt = torch.optim.Adam(model.parameters(), lr=5e-3)
    for epoch in range(cfg["epochs"]):
        for step in range(cfg["steps"]):
            context, target = sine_windows(cfg["batch"], cfg["window"], cfg["horizon"])
            loss = nn.functional.mse_loss(forecaster.forecast(context), target)
            opt.zero_grad()
            loss.backward()
            opt.step()
        with torch.no_grad():
            context, target = sine_windows(64, cfg["window"], cfg["horizon"])
            mae = (forecaster.forecast(context) - target).abs().mean(0)
        print(f"epoch {epoch} train {loss.item():.4f} MAE by step {[round(v, 3) for v in mae.tolist()]}")


if __name__ == "__main__":
    main()
