"""Trainer that refuses to step on a non-finite loss and reports where the graph was built."""
import math

import torch
import torch.nn as nn

import provenance
from model import TwoTower

CONFIG = {"epochs": 2, "steps": 5, "lr": 0.01, "poison_step": 3, "dims": (6, 4), "hidden": 16}


def make_batch(step, cfg):
    a = torch.randn(12, cfg["dims"][0])
    b = torch.randn(12, cfg["dims"][1])
    if step == cfg["poison_step"]:
        a[3] = float("nan")
    return a, b, torch.randn(12)


def fit(model, cfg):
    opt = torch.optim.Adam(model.parameters(), lr=cfg["lr"])
    skipped = []
    for epoch in range(cfg["epochs"]):
        for step in range(cfg["steps"]):
            a, b, target = make_batch(step, cfg)
            loss = nn.functional.smooth_l1_loss(model(a, b), target)
            if not math.isfinite(loss.item()):
                skipped.append((epoch, step, provenance.graph_sites(loss)))
                continue
            opt.zero_grad()
            loss.backward()
            opt.step()
    return skipped


def main():
    model = TwoTower(*CONFIG["dims"], CONFIG["hidden"])
    for epoch, step, sites in fit(model, CONFIG):
        print(f"epoch {epoch} step {step}: non-finite loss; graph sites: {sites}")


if __name__ == "__main__":
    main()
