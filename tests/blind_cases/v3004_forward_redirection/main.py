"""Lightning-style loop: the strategy wrapper calls training_step/validation_step for us."""
import torch
import torch.nn as nn
import torch.nn.functional as F

from wrappers import setup_module


class LitRegressor(nn.Module):
    def __init__(self, in_dim=8, hidden=32):
        super().__init__()
        self.net = nn.Sequential(nn.Linear(in_dim, hidden), nn.Tanh(), nn.Linear(hidden, 1))

    def forward(self, x):
        return self.net(x).squeeze(-1)

    def training_step(self, batch):
        x, y = batch
        return F.mse_loss(self(x), y)

    def validation_step(self, batch):
        x, y = batch
        return F.l1_loss(self(x), y)

    def configure_optimizers(self):
        return torch.optim.Adam(self.parameters(), lr=3e-3)


def batches(n, in_dim=8):
    for _ in range(n):
        x = torch.randn(16, in_dim)
        yield x, x.sum(-1) * 0.5


def fit(model, epochs=2, steps=3):
    wrapped = setup_module(model)
    optimizer = model.configure_optimizers()
    history = []
    for _ in range(epochs):
        for batch in batches(steps):
            loss = wrapped.training_step(batch)
            optimizer.zero_grad()
            loss.backward()
            optimizer.step()
        with torch.no_grad():
            val = sum(float(wrapped.validation_step(b)) for b in batches(2)) / 2
        history.append(val)
    return history


def main():
    for hidden in (16, 32, 64):
        fit(LitRegressor(hidden=hidden))


if __name__ == "__main__":
    main()
