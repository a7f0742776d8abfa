"""Runs every registered experiment config with a residual MLP."""
import torch
import torch.nn as nn
import torch.nn.functional as F

from configs import EXPERIMENTS
from optim_builder import build_optimizer


class ResBlock(nn.Module):
    def __init__(self, width):
        super().__init__()
        self.norm = nn.LayerNorm(width)
        self.fc = nn.Linear(width, width)

    def forward(self, x):
        return x + F.gelu(self.fc(self.norm(x)))


class ResMLP(nn.Module):
    def __init__(self, in_dim, width, depth, num_classes):
        super().__init__()
        self.stem = nn.Linear(in_dim, width)
        self.blocks = nn.Sequential(*[ResBlock(width) for _ in range(depth)])
        self.head = nn.Linear(width, num_classes)

    def forward(self, x):
        return self.head(self.blocks(self.stem(x)))


MODELS = {"ResMLP": ResMLP}


def run_experiment(name, cfg):
    model_cfg = dict(cfg["model"])
    model = MODELS[model_cfg.pop("type")](**model_cfg)
    optimizer = build_optimizer(model, cfg["optimizer"])
    train = cfg["train"]
    for _ in range(train["steps"]):
        x = torch.randn(train["batch_size"], model_cfg["in_dim"])
        y = torch.randint(0, model_cfg["num_classes"], (train["batch_size"],))
        loss = F.cross_entropy(model(x), y)
        optimizer.zero_grad()
        loss.backward()
        optimizer.step()
    return name, loss.item()


def main():
    results = dict(run_experiment(name, cfg) for name, cfg in EXPERIMENTS.items())
    assert len(results) == len(EXPERIMENTS)


if __name__ == "__main__":
    main()
