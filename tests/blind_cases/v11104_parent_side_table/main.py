"""Stochastic-depth residual MLP regressor; a few seeds with different depths."""
import torch
import torch.nn as nn

from blocks import Stage
from ownership import adopt, qualified_name

RUNS = [{"depth": 2, "max_rate": 0.1}, {"depth": 3, "max_rate": 0.2}, {"depth": 4, "max_rate": 0.3}]


class ResMLP(nn.Module):
    def __init__(self, in_dim, dim, depth, max_rate):
        super().__init__()
        self.inp = nn.Linear(in_dim, dim)
        self.stage = adopt(self, "stage", Stage(dim, depth, max_rate))
        self.out = nn.Linear(dim, 1)

    def forward(self, x):
        return self.out(self.stage(self.inp(x)))


def run(seed, cfg):
    torch.manual_seed(seed)
    model = ResMLP(6, 16, cfg["depth"], cfg["max_rate"])
    opt = torch.optim.Adam(model.parameters(), lr=2e-3)
    for step in range(4):
        x = torch.randn(24, 6)
        y = x.pow(2).sum(dim=1, keepdim=True)
        loss = nn.functional.mse_loss(model(x), y)
        opt.zero_grad()
        loss.backward()
        opt.step()
    names = [qualified_name(b) for b in model.stage.order]
    return loss.item(), names


def main():
    for seed, cfg in enumerate(RUNS):
        loss, names = run(seed, cfg)
        print("depth", cfg["depth"], "loss %.3f" % loss, names[-1])


if __name__ == "__main__":
    main()
