"""Parametrised overfitting checks for several small architectures, run as plain functions."""
from dataclasses import dataclass, field

import torch
import torch.nn as nn


@dataclass
class Case:
    name: str
    builder: str
    width: int
    lr: float
    steps: int = 6
    outcome: dict = field(default_factory=dict)

    @property
    def id(self):
        return f"{self.name}-w{self.width}"


def build_mlp(width):
    return nn.Sequential(nn.Linear(4, width), nn.ReLU(), nn.Linear(width, 1))


class Residual(nn.Module):
    def __init__(self, width):
        super().__init__()
        self.inp = nn.Linear(4, width)
        self.mid = nn.Linear(width, width)
        self.out = nn.Linear(width, 1)

    def forward(self, x):
        h = torch.tanh(self.inp(x))
        return self.out(h + torch.tanh(self.mid(h)))


BUILDERS = {"mlp": build_mlp, "residual": Residual}

CASES = [
    Case("mlp_small", "mlp", 8, 0.05),
    Case("mlp_wide", "mlp", 32, 0.02),
    Case("residual", "residual", 16, 0.03),
]


def check_overfits_single_batch(case, x, y):
    model = BUILDERS[case.builder](case.width)
    opt = torch.optim.Adam(model.parameters(), lr=case.lr)
    losses = []
    for _ in range(case.steps):
        loss = nn.functional.mse_loss(model(x), y)
        opt.zero_grad()
        loss.backward()
        opt.step()
        losses.append(loss)
    case.outcome.update(first=losses[0], last=losses[-1])  # retain
    assert losses[-1] < losses[0], case.id


def run_parametrized(test_fn, cases):
    g = torch.Generator().manual_seed(1)
    x = torch.randn(12, 4, generator=g)
    y = x.sum(-1, keepdim=True)
    failures = []
    for case in cases:
        try:
            test_fn(case, x, y)
        except AssertionError as err:
            failures.append(str(err))
    return failures


def main():
    run_parametrized(check_overfits_single_batch, CASES)
    for case in CASES:
        print(f"{case.id}: {float(case.outcome['first']):.4f} -> {float(case.outcome['last']):.4f}")


if __name__ == "__main__":
    main()
