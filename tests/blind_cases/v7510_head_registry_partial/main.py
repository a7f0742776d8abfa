"""Multi-task tabular model whose task heads are built by name from a registry."""
import functools

import torch
import torch.nn as nn
import torch.nn.functional as F

from heads import TiedNormHead
from registry import HEADS

CONFIG = {
    "in_dim": 14,
    "width": 32,
    "tasks": {"churn": ("linear", 2), "ltv": ("mlp", 1), "segment": ("tied", 4)},
    "steps": 3,
}


class MultiTaskModel(nn.Module):
    def __init__(self, in_dim, width, tasks):
        super().__init__()
        self.backbone = nn.Sequential(nn.Linear(in_dim, width), nn.ReLU(), nn.Linear(width, width))
        self.out_norm = nn.LayerNorm(width)
        HEADS.register("tied", functools.partial(TiedNormHead, norm=self.out_norm), force=True)  # retain
        self.width = width
        self.heads = nn.ModuleDict()
        for name, (kind, out_dim) in tasks.items():
            self.add_task(name, kind, out_dim)

    def add_task(self, name, kind, out_dim):
        self.heads[name] = HEADS.build(kind, in_dim=self.width, out_dim=out_dim)

    def forward(self, x):
        h = self.backbone(x)
        return {name: head(h) for name, head in self.heads.items()}


def loss_for(pred, target):
    if target.dtype == torch.long:
        return F.cross_entropy(pred, target)
    return F.mse_loss(pred.squeeze(1), target)


def fit(cfg, seed):
    gen = torch.Generator().manual_seed(seed)
    model = MultiTaskModel(cfg["in_dim"], cfg["width"], cfg["tasks"])
    optimizer = torch.optim.Adam(model.parameters(), lr=1e-3)
    for _ in range(cfg["steps"]):
        x = torch.randn(12, cfg["in_dim"], generator=gen)
        targets = {
            "churn": torch.randint(0, 2, (12,), generator=gen),
            "ltv": torch.rand(12, generator=gen),
            "segment": torch.randint(0, 4, (12,), generator=gen),
        }
        outputs = model(x)
        loss = sum(loss_for(outputs[t], targets[t]) for t in cfg["tasks"])
        optimizer.zero_grad()
        loss.backward()
        optimizer.step()
    return loss.item()


def main():
    for seed in range(2):
        print(f"fold {seed}: loss {fit(CONFIG, seed):.3f}")


if __name__ == "__main__":
    main()
