"""One-shot random search with a mutator-driven supernet; each search seed builds a fresh supernet."""
import torch
import torch.nn as nn
import torch.nn.functional as F

from mutables import FixedMutator, LayerChoice, RandomMutator

CONFIG = {"in_dim": 8, "dim": 16, "classes": 3, "cells": 2, "steps": 5, "candidates": 6}


def candidate_ops(dim):
    return [
        nn.Sequential(nn.Linear(dim, dim), nn.ReLU()),
        nn.Sequential(nn.Linear(dim, dim), nn.GELU()),
        nn.Sequential(nn.Linear(dim, dim // 2), nn.ReLU(), nn.Linear(dim // 2, dim)),
    ]


class SearchSpaceNet(nn.Module):
    def __init__(self, cfg):
        super().__init__()
        self.stem = nn.Linear(cfg["in_dim"], cfg["dim"])
        self.cells = nn.ModuleList(
            LayerChoice(candidate_ops(cfg["dim"]), key=f"cell{i}") for i in range(cfg["cells"]))
        self.head = nn.Linear(cfg["dim"], cfg["classes"])

    def forward(self, x):
        h = F.relu(self.stem(x))
        for cell in self.cells:
            h = h + cell(h)
        return self.head(h)


def batch(n, cfg):
    x = torch.randn(n, cfg["in_dim"])
    return x, x[:, : cfg["classes"]].argmax(1)


def train_one_shot(model, mutator, cfg):
    opt = torch.optim.SGD(model.parameters(), lr=0.05, momentum=0.9)
    for _ in range(cfg["steps"]):
        mutator.reset()
        x, y = batch(32, cfg)
        loss = F.cross_entropy(model(x), y)
        opt.zero_grad()
        loss.backward()
        opt.step()


@torch.no_grad()
def score(model, mutator, cfg):
    mutator.reset()
    x, y = batch(64, cfg)
    return (model(x).argmax(1) == y).float().mean().item()


def search(seed, cfg):
    torch.manual_seed(seed)
    model = SearchSpaceNet(cfg)
    trainer_mutator = RandomMutator(model, seed=seed)
    train_one_shot(model, trainer_mutator, cfg)
    best = (-1.0, None)
    for _ in range(cfg["candidates"]):
        trainer_mutator.reset()
        arch = trainer_mutator.export()
        acc = score(model, FixedMutator(model, arch), cfg)
        best = max(best, (acc, tuple(sorted(arch.items()))))
    return best


def main():
    for seed in range(2):
        print(seed, search(seed, CONFIG))


if __name__ == "__main__":
    main()
