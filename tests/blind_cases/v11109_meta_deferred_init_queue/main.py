"""Multi-task tabular model assembled from a task zoo with deferred initialisation."""
import torch
import torch.nn as nn
import torch.nn.functional as F

from deferred import deferred, materialize, trunc_normal_init

TASK_ZOO = {"churn": 2, "segment": 5, "ltv_bucket": 4, "fraud": 2}
RUNS = [{"active": ["churn", "segment"], "width": 32},
        {"active": ["fraud"], "width": 24},
        {"active": ["segment", "ltv_bucket"], "width": 16}]


def build_heads(width):
    return {task: deferred(nn.Linear, width, n, init=trunc_normal_init(0.02))
            for task, n in TASK_ZOO.items()}


class MultiTaskTabular(nn.Module):
    def __init__(self, n_features, width, active):
        super().__init__()
        self.trunk = nn.Sequential(deferred(nn.Linear, n_features, width), nn.ReLU(),
                                   deferred(nn.LayerNorm, width))
        heads = build_heads(width)
        self.heads = nn.ModuleDict({t: heads[t] for t in active})

    def forward(self, x):
        h = self.trunk(x)
        return {t: head(h) for t, head in self.heads.items()}


def run(cfg, steps=4):
    model = materialize(MultiTaskTabular(9, cfg["width"], cfg["active"]))
    opt = torch.optim.Adam(model.parameters(), lr=1e-2)
    for _ in range(steps):
        x = torch.randn(20, 9)
        out = model(x)
        loss = sum(F.cross_entropy(out[t], torch.randint(0, TASK_ZOO[t], (20,))) for t in out)
        opt.zero_grad()
        loss.backward()
        opt.step()
    return loss.item()


def main():
    for i, cfg in enumerate(RUNS):
        torch.manual_seed(i)
        print(cfg["active"], "loss %.3f" % run(cfg))


if __name__ == "__main__":
    main()
