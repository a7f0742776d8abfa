"""Components that the container wires together."""
import torch
import torch.nn as nn


class Regressor(nn.Module):
    def __init__(self, in_dim=8, hidden=24):
        super().__init__()
        self.body = nn.Sequential(nn.Linear(in_dim, hidden), nn.Tanh(), nn.Linear(hidden, 1))

    def forward(self, x):
        return self.body(x).squeeze(-1)


class MeanAbsError:
    name = "mae"

    def __init__(self):
        self.total, self.count = 0.0, 0

    def update(self, pred, target):
        self.total += (pred - target).abs().sum().item()
        self.count += target.numel()

    def compute(self):
        return self.total / max(self.count, 1)


class Trainer:
    """Pulls model, optimizer and metrics out of the container on demand."""

    def __init__(self, container, max_steps=4):
        self.container = container  # cycle
        self.max_steps = max_steps
        self.global_step = 0

    @property
    def model(self):
        return self.container.resolve("model")

    @property
    def optimizer(self):
        return self.container.resolve("optimizer")

    def fit(self):
        metrics = self.container.resolve_tagged("metric")
        for _ in range(self.max_steps):
            x = torch.randn(32, 8)
            y = x[:, :2].sum(-1)
            pred = self.model(x)
            loss = nn.functional.mse_loss(pred, y)
            self.optimizer.zero_grad()
            loss.backward()
            self.optimizer.step()
            for m in metrics:
                m.update(pred.detach(), y)
            self.global_step += 1
        return {m.name: m.compute() for m in metrics}
