"""Trains a regressor for several seeds with a freshly augmented dataset every epoch."""
import torch
import torch.nn as nn

from augment import EpochAugmenter

SETTINGS = {"seeds": (0, 1), "epochs": 2, "batch_size": 16, "lr": 0.01}


def make_regression(n=64, dim=6):
    g = torch.Generator().manual_seed(42)
    x = torch.randn(n, dim, generator=g)
    w = torch.randn(dim, 1, generator=g)
    return x, (x @ w).squeeze(-1)


def train(seed, x, y, cfg):
    torch.manual_seed(seed)
    augmenter = EpochAugmenter(x, y, seed=seed)
    model = nn.Sequential(nn.Linear(x.shape[1], 16), nn.ReLU(), nn.Linear(16, 1))
    opt = torch.optim.Adam(model.parameters(), lr=cfg["lr"])
    for epoch in range(cfg["epochs"]):
        xa, ya = augmenter.epoch(epoch)
        for start in range(0, len(ya), cfg["batch_size"]):
            xb, yb = xa[start:start + cfg["batch_size"]], ya[start:start + cfg["batch_size"]]
            loss = nn.functional.mse_loss(model(xb).squeeze(-1), yb)
            opt.zero_grad()
            loss.backward()
            opt.step()
    return loss.item()


def main():
    x, y = make_regression()
    return {seed: train(seed, x, y, SETTINGS) for seed in SETTINGS["seeds"]}


if __name__ == "__main__":
    main()
