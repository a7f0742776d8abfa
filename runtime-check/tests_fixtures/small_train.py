"""A few optimizer steps with a cycle per step: small enough for gc-bench in a test."""
import sys

import torch
import torch.nn as nn


class StepState:
    def __init__(self, loss):
        self.loss = loss
        self.self_ref = self


def main(steps):
    model = nn.Sequential(nn.Linear(16, 32), nn.ReLU(), nn.Linear(32, 1))
    opt = torch.optim.SGD(model.parameters(), lr=0.01)
    for _ in range(steps):
        loss = model(torch.randn(32, 16)).pow(2).mean()
        opt.zero_grad()
        loss.backward()
        opt.step()
        StepState(loss.item())


if __name__ == "__main__":
    main(int(sys.argv[1]) if len(sys.argv) > 1 else 30)
