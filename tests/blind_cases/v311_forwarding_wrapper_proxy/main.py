"""Gradient accumulation through a forwarding wrapper the model can consult."""
import torch
import torch.nn as nn

from shim import GradAccumWrapper


class Regressor(nn.Module):
    def __init__(self):
        super().__init__()
        self.body = nn.Sequential(nn.Linear(7, 21), nn.Softplus(), nn.Linear(21, 1))
        self.synced_steps = 0

    def forward(self, x):
        if not self.wrapper.accumulating:
            self.synced_steps += 1
        return self.body(x)


def main():
    torch.manual_seed(0)
    for run in range(3):
        model = GradAccumWrapper(Regressor())
        opt = torch.optim.SGD(model.parameters(), lr=0.01)
        for step in range(2):
            opt.zero_grad()
            x, y = torch.randn(8, 7), torch.randn(8, 1)
            with model.no_sync():
                nn.functional.mse_loss(model(x[:4]), y[:4]).backward()
            nn.functional.mse_loss(model(x[4:]), y[4:]).backward()
            opt.step()
        assert model.synced_steps == 2


if __name__ == "__main__":
    main()
