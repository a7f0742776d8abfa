"""Classifier trained with OHEM-style replay of the hardest samples seen so far."""
import torch
import torch.nn as nn
import torch.nn.functional as F

from datasets_toy import make_loader
from mining import REPLAY

CONFIG = {
    "dim": 12,
    "num_classes": 3,
    "hidden": 32,
    "lr": 0.05,
    "epochs": 2,
    "replay_every": 2,
    "replay_k": 8,
    "max_steps_per_epoch": 5,
}


def build_model(cfg):
    return nn.Sequential(
        nn.Linear(cfg["dim"], cfg["hidden"]),
        nn.ReLU(),
        nn.Linear(cfg["hidden"], cfg["num_classes"]),
    )


def train_epoch(model, opt, loader, cfg, epoch):
    model.train()
    seen = 0
    for step, (x, y) in enumerate(loader):
        if step >= cfg["max_steps_per_epoch"]:
            break
        if step % cfg["replay_every"] == 1 and len(REPLAY) >= cfg["replay_k"]:
            hx, hy = REPLAY.sample(cfg["replay_k"])
            x, y = torch.cat([x, hx]), torch.cat([y, hy])
        per_sample = F.cross_entropy(model(x), y, reduction="none")
        REPLAY.offer(per_sample, x, y)
        loss = per_sample.mean()
        opt.zero_grad()
        loss.backward()
        opt.step()
        seen += len(x)
    print(f"epoch {epoch}: {seen} samples, hard threshold {REPLAY.threshold:.3f}")


def main():
    cfg = dict(CONFIG)
    loader = make_loader(dim=cfg["dim"], num_classes=cfg["num_classes"])
    model = build_model(cfg)
    opt = torch.optim.SGD(model.parameters(), lr=cfg["lr"], momentum=0.9)
    for epoch in range(cfg["epochs"]):
        train_epoch(model, opt, loader, cfg, epoch)


if __name__ == "__main__":
    main()
