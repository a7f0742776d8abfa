"""Small sweep over widths; every run prints a model summary before training starts."""
import logging

import torch
import torch.nn as nn
import torch.nn.functional as F

from summary import ModelSummary

log = logging.getLogger("sweep")

CONFIG = {"widths": (8, 16), "deep_supervision": False, "aux_weight": 0.4, "steps": 3}


class ConvNet(nn.Module):
    def __init__(self, width, classes=5, deep_supervision=False):
        super().__init__()
        self.deep_supervision = deep_supervision
        self.stage1 = nn.Sequential(nn.Conv2d(3, width, 3, padding=1), nn.ReLU())
        self.stage2 = nn.Sequential(nn.Conv2d(width, 2 * width, 3, stride=2, padding=1), nn.ReLU())
        self.pool = nn.AdaptiveAvgPool2d(1)
        self.aux_head = nn.Linear(width, classes)
        self.head = nn.Linear(2 * width, classes)

    def forward(self, x):
        f1 = self.stage1(x)
        logits = self.head(self.pool(self.stage2(f1)).flatten(1))
        if self.deep_supervision and self.training:
            return logits, self.aux_head(self.pool(f1).flatten(1))
        return logits


def fit(width, cfg):
    model = ConvNet(width, deep_supervision=cfg["deep_supervision"])
    log.info("model summary\n%s", ModelSummary(model, torch.zeros(1, 3, 16, 16)))
    opt = torch.optim.Adam(model.parameters(), lr=1e-3)
    for _ in range(cfg["steps"]):
        x, y = torch.randn(4, 3, 16, 16), torch.randint(0, 5, (4,))
        out = model(x)
        if isinstance(out, tuple):
            loss = F.cross_entropy(out[0], y) + cfg["aux_weight"] * F.cross_entropy(out[1], y)
        else:
            loss = F.cross_entropy(out, y)
        opt.zero_grad()
        loss.backward()
        opt.step()
    return loss.item()


def main():
    return {w: fit(w, CONFIG) for w in CONFIG["widths"]}


if __name__ == "__main__":
    main()
