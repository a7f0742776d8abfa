"""Regularisation strengths declared as scheduled class-level hyperparameters."""
import math

import torch
import torch.nn as nn
import torch.nn.functional as F


class Scheduled:
    """Non-data descriptor: a value annealed with the owner's ``global_step``."""

    def __init__(self, start, end, steps, kind="cosine"):
        self.start, self.end, self.steps, self.kind = start, end, steps, kind
        self._memo = None

    def __set_name__(self, owner, name):
        self.name = f"{owner.__name__}.{name}"

    def _value_at(self, step):
        t = min(step, self.steps) / self.steps
        if self.kind == "linear":
            w = t
        else:
            w = 0.5 * (1.0 - math.cos(math.pi * t))
        return self.start + (self.end - self.start) * w

    def __get__(self, instance, owner=None):
        if instance is None:
            return self
        step = instance.global_step
        memo = self._memo
        if memo is not None and memo[0] is instance and memo[1] == step:
            return memo[2]
        value = self._value_at(step)
        self._memo = (instance, step, value)  # retain
        return value


class ResidualMLP(nn.Module):
    drop_path = Scheduled(0.0, 0.3, steps=12)
    label_smoothing = Scheduled(0.2, 0.0, steps=12, kind="linear")

    def __init__(self, dim=16, depth=4, classes=5):
        super().__init__()
        self.blocks = nn.ModuleList(nn.Sequential(nn.LayerNorm(dim), nn.Linear(dim, dim), nn.GELU())
                                    for _ in range(depth))
        self.head = nn.Linear(dim, classes)
        self.global_step = 0

    def forward(self, x):
        for block in self.blocks:
            if self.training and torch.rand(()) < self.drop_path:
                continue
            x = x + block(x)
        return self.head(x)

    def loss(self, logits, target):
        return F.cross_entropy(logits, target, label_smoothing=self.label_smoothing)


def train(seed, cfg):
    torch.manual_seed(seed)
    model = ResidualMLP(dim=cfg["dim"], depth=cfg["depth"])
    opt = torch.optim.Adam(model.parameters(), lr=cfg["lr"])
    for _ in range(cfg["steps"]):
        x = torch.randn(cfg["batch"], cfg["dim"])
        y = torch.randint(0, 5, (cfg["batch"],))
        loss = model.loss(model(x), y)
        opt.zero_grad()
        loss.backward()
        opt.step()
        model.global_step += 1
    return loss.item()


def main():
    cfg = {"dim": 16, "depth": 4, "lr": 1e-3, "steps": 6, "batch": 8}
    losses = [train(seed, cfg) for seed in range(3)]
    print("seed losses", [round(v, 3) for v in losses])


if __name__ == "__main__":
    main()
