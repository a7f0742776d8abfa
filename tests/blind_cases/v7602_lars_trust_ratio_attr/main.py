"""Large-batch style training of a small classifier with LARS and a cosine schedule."""
import torch
import torch.nn as nn
import torch.nn.functional as F

from lars import LARS
from monitor import TrustRatioMonitor

CONFIG = {"lr": 0.5, "momentum": 0.9, "weight_decay": 5e-4, "epochs": 2, "steps": 4, "batch": 64}


def build_model(width):
    return nn.Sequential(
        nn.Linear(20, width), nn.BatchNorm1d(width), nn.ReLU(),
        nn.Linear(width, width), nn.ReLU(),
        nn.Linear(width, 4),
    )


def run(width, cfg):
    model = build_model(width)
    optimizer = LARS(model.parameters(), lr=cfg["lr"], momentum=cfg["momentum"],
                     weight_decay=cfg["weight_decay"])
    total = cfg["epochs"] * cfg["steps"]
    scheduler = torch.optim.lr_scheduler.CosineAnnealingLR(optimizer, T_max=total)
    monitor = TrustRatioMonitor(model)
    step = 0
    for epoch in range(cfg["epochs"]):
        model.train()
        for _ in range(cfg["steps"]):
            x = torch.randn(cfg["batch"], 20)
            y = torch.randint(0, 4, (cfg["batch"],))
            loss = F.cross_entropy(model(x), y)
            optimizer.zero_grad(set_to_none=True)
            loss.backward()
            optimizer.step()
            scheduler.step()
            monitor.after_step(step)
            step += 1
    stats = monitor.summary()
    monitor.close()
    return stats


def main():
    torch.manual_seed(0)
    for width in (32, 64):
        stats = run(width, CONFIG)
        worst = min(stats, key=stats.get)
        print(f"width={width}: smallest mean trust ratio {worst} = {stats[worst]:.2e}")


if __name__ == "__main__":
    main()
