"""Regression training on a feed that occasionally contains corrupt (infinite) readings."""
import torch
import torch.nn as nn
import torch.nn.functional as F

import incidents
from guards import NonFiniteActivation, NonFiniteGuard


def sensor_batches(n_batches, corrupt_every=3):
    for i in range(n_batches):
        x = torch.randn(8, 6)
        if i % corrupt_every == corrupt_every - 1:
            x[0, 2] = float("inf")
        yield x, x.sum(1, keepdim=True)


class Regressor(nn.Module):
    def __init__(self):
        super().__init__()
        self.net = nn.Sequential(nn.Linear(6, 32), nn.LayerNorm(32), nn.ReLU(), nn.Linear(32, 1))

    def forward(self, x):
        return self.net(x)


class Fitter:
    def __init__(self, model, lr=1e-2):
        self.model = model
        self.opt = torch.optim.Adam(model.parameters(), lr=lr)
        self.guard = NonFiniteGuard(model)
        self.step = 0

    def train_step(self, x, y):
        self.step += 1
        pred = self.model(x)
        loss = F.smooth_l1_loss(pred, y)
        self.opt.zero_grad()
        loss.backward()
        self.opt.step()
        return loss.item()

    def fit(self, epochs=2):
        losses = []
        for _ in range(epochs):
            for x, y in sensor_batches(6):
                try:
                    losses.append(self.train_step(x, y))
                except NonFiniteActivation as err:
                    incidents.record(self.step, err)
        self.guard.remove()
        return losses


def main():
    torch.manual_seed(0)
    fitter = Fitter(Regressor())
    losses = fitter.fit()
    return len(losses), incidents.summary()


if __name__ == "__main__":
    main()
