"""SWAG over the SGD trajectory for a small width sweep; reports BMA error and predictive spread."""
import torch
import torch.nn as nn
import torch.nn.functional as F

from swag import SWAG

CONFIG = {"widths": (16, 32), "pretrain_epochs": 3, "swag_epochs": 4, "batches": 3, "samples": 5, "lr": 0.05}


def batches(generator, n, size=32):
    for _ in range(n):
        x = torch.rand(size, 2, generator=generator) * 4 - 2
        y = torch.sin(x[:, :1] * 2) * torch.cos(x[:, 1:]) + 0.05 * torch.randn(size, 1, generator=generator)
        yield x, y


def run(width, cfg, seed=0):
    g = torch.Generator().manual_seed(seed)
    model = nn.Sequential(nn.Linear(2, width), nn.ReLU(), nn.Linear(width, width), nn.ReLU(), nn.Linear(width, 1))
    opt = torch.optim.SGD(model.parameters(), lr=cfg["lr"], momentum=0.9)
    swag = SWAG(model)
    for epoch in range(cfg["pretrain_epochs"] + cfg["swag_epochs"]):
        for x, y in batches(g, cfg["batches"]):
            loss = F.mse_loss(model(x), y)
            opt.zero_grad()
            loss.backward()
            opt.step()
        if epoch >= cfg["pretrain_epochs"]:
            swag.collect()
    x_test, y_test = next(batches(g, 1, size=128))
    preds = swag.predict(x_test, cfg["samples"], g)
    return F.mse_loss(preds.mean(0), y_test).item(), preds.std(0).mean().item()


def main():
    for width in CONFIG["widths"]:
        mse, spread = run(width, CONFIG)
        print(f"width {width}: BMA mse {mse:.4f} predictive std {spread:.4f}")


if __name__ == "__main__":
    main()
