"""Multi-task tabular model with lazily sized task heads, materialized by a dry run before training."""
import dataclasses
from typing import Dict, Iterable

import torch
import torch.nn as nn
import torch.nn.functional as F

TASK_CLASSES = {"churn": 2, "tenure_bucket": 4, "upsell": 2, "region": 5}


@dataclasses.dataclass
class RunConfig:
    active_tasks: tuple = ("churn", "tenure_bucket")
    in_features: int = 16
    hidden: int = 32
    steps: int = 4
    lr: float = 5e-3
    task_weights: Dict[str, float] = dataclasses.field(default_factory=lambda: {"churn": 1.0, "tenure_bucket": 0.5})


class MultiTaskModel(nn.Module):
    def __init__(self, cfg: RunConfig, task_classes=TASK_CLASSES):
        super().__init__()
        self.in_features = cfg.in_features
        self.encoder = nn.Sequential(
            nn.Linear(cfg.in_features, cfg.hidden), nn.ReLU(),
            nn.Linear(cfg.hidden, cfg.hidden), nn.ReLU(),
        )
        self.heads = nn.ModuleDict({name: nn.LazyLinear(n) for name, n in task_classes.items()})

    def forward(self, x, tasks: Iterable[str]):
        h = self.encoder(x)
        return {name: self.heads[name](h) for name in tasks}

    @torch.no_grad()
    def materialize(self):
        self(torch.zeros(1, self.in_features), tasks=list(self.heads.keys()))
        return self


def synthetic_batch(cfg: RunConfig, batch_size=16):
    x = torch.randn(batch_size, cfg.in_features)
    targets = {name: torch.randint(0, TASK_CLASSES[name], (batch_size,)) for name in cfg.active_tasks}
    return x, targets


def train_run(cfg: RunConfig):
    model = MultiTaskModel(cfg).materialize()
    opt = torch.optim.Adam(model.parameters(), lr=cfg.lr)
    history = []
    for _ in range(cfg.steps):
        x, targets = synthetic_batch(cfg)
        logits = model(x, cfg.active_tasks)
        losses = {t: F.cross_entropy(logits[t], targets[t]) for t in cfg.active_tasks}
        loss = sum(cfg.task_weights.get(t, 1.0) * l for t, l in losses.items())
        opt.zero_grad()
        loss.backward()
        opt.step()
        history.append({t: l.item() for t, l in losses.items()})
    return history


def main():
    torch.manual_seed(0)
    for hidden in (24, 32):
        history = train_run(RunConfig(hidden=hidden))
        assert len(history) == 4


if __name__ == "__main__":
    main()
