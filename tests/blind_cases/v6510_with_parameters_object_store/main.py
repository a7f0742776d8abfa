"""Linear-probe sweeps on top of a frozen feature extractor, one Tuner per head type."""
import torch
import torch.nn as nn
import torch.nn.functional as F

import objstore
from tune import Tuner, grid, with_parameters


def build_backbone():
    backbone = nn.Sequential(nn.Linear(12, 64), nn.ReLU(), nn.Linear(64, 32), nn.ReLU())
    for p in backbone.parameters():
        p.requires_grad_(False)
    return backbone.eval()


def train_probe(config, backbone, data):
    (x, y), (vx, vy) = data
    with torch.no_grad():
        feats, vfeats = backbone(x), backbone(vx)
    if config["head"] == "mlp":
        head = nn.Sequential(nn.Linear(32, 16), nn.ReLU(), nn.Linear(16, 4))
    else:
        head = nn.Linear(32, 4)
    opt = torch.optim.Adam(head.parameters(), lr=config["lr"], weight_decay=config["wd"])
    for _ in range(config["epochs"]):
        for fb, yb in zip(feats.split(32), y.split(32)):
            loss = F.cross_entropy(head(fb), yb)
            opt.zero_grad()
            loss.backward()
            opt.step()
    with torch.no_grad():
        val = F.cross_entropy(head(vfeats), vy).item()
        acc = (head(vfeats).argmax(1) == vy).float().mean().item()
    return {"loss": val, "acc": acc}


def main():
    torch.manual_seed(0)
    backbone = build_backbone()
    x, vx = torch.randn(128, 12), torch.randn(64, 12)
    proj = torch.randn(12, 4)
    data = ((x, (x @ proj).argmax(1)), (vx, (vx @ proj).argmax(1)))
    for head in ("linear", "mlp"):
        space = {
            "head": head,
            "lr": grid([1e-2, 3e-3]),
            "wd": lambda rng: 10 ** rng.uniform(-5, -3),
            "epochs": 3,
        }
        trainable = with_parameters(train_probe, backbone=backbone, data=data)
        best = Tuner(trainable, space, num_samples=2, metric="loss").fit()[0]
        print(f"{head}: {best['trial']} loss={best['loss']:.3f} acc={best['acc']:.2f}")
    print("object store:", objstore.stats())


if __name__ == "__main__":
    main()
