"""Training loop that runs a non-finite check on suspicious steps only."""
import math

import torch
import torch.nn as nn
import torch.nn.functional as F

from anomaly import NonFiniteWatch


class Regressor(nn.Module):
    def __init__(self):
        super().__init__()
        self.body = nn.Sequential(nn.Linear(5, 16), nn.Softplus(), nn.Linear(16, 16), nn.Tanh())
        self.out = nn.Linear(16, 1)

    def forward(self, x):
        return self.out(self.body(x)).squeeze(-1)


def locate_non_finite(model, x):
    with NonFiniteWatch(model) as watch:
        with torch.no_grad():
            model(x)
    return watch.offenders


def main():
    torch.manual_seed(0)
    model = Regressor()
    opt = torch.optim.SGD(model.parameters(), lr=1e-2)
    for step in range(5):
        x, y = torch.randn(10, 5), torch.randn(10)
        if step == 3:
            x[0, 0] = float("inf")
        loss = F.mse_loss(model(x), y)
        if not math.isfinite(loss.item()):
            print(f"step {step}: non-finite loss, first offenders {locate_non_finite(model, x)[:2]}")
            continue
        opt.zero_grad()
        loss.backward()
        opt.step()


if __name__ == "__main__":
    main()
