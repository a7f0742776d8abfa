"""Pool-based active learning with MC-dropout BALD acquisition.

In dry-run mode the labeling service is stubbed and labels come from the simulated oracle.
"""
from unittest import mock

import torch
import torch.nn as nn

CONFIG = {"dry_run": True, "project": "defects-v3", "pool": 120, "seed_labels": 16,
          "rounds": 3, "query": 8, "mc_samples": 6, "steps": 6}


class LabelingService:
    """HTTP client for the annotation backend (not reachable from CI)."""

    def __init__(self, endpoint, token):
        self.endpoint, self.token = endpoint, token

    def submit_queries(self, project, ids, scores):
        raise NotImplementedError("network access")

    def fetch_labels(self, project, ids):
        raise NotImplementedError("network access")


def make_service(cfg):
    if cfg["dry_run"]:
        return mock.MagicMock(spec=LabelingService, name="labeling-service")  # cycle
    return LabelingService(cfg["endpoint"], cfg["token"])


class MCDropoutNet(nn.Module):
    def __init__(self, dim=10, classes=3):
        super().__init__()
        self.body = nn.Sequential(nn.Linear(dim, 32), nn.ReLU(), nn.Dropout(0.3), nn.Linear(32, classes))

    def forward(self, x):
        return self.body(x)


def bald_scores(model, x, samples):
    model.train()
    with torch.no_grad():
        probs = torch.stack([model(x).softmax(dim=1) for _ in range(samples)])
    mean = probs.mean(0)
    entropy = -(mean * mean.clamp_min(1e-8).log()).sum(1)
    expected = -(probs * probs.clamp_min(1e-8).log()).sum(2).mean(0)
    return entropy - expected


def fit(model, x, y, steps):
    opt = torch.optim.Adam(model.parameters(), lr=1e-2)
    for _ in range(steps):
        loss = nn.functional.cross_entropy(model(x), y)
        opt.zero_grad()
        loss.backward()
        opt.step()
    return loss.item()


def main():
    torch.manual_seed(0)
    pool_x = torch.randn(CONFIG["pool"], 10)
    oracle = (pool_x[:, :3]).argmax(dim=1)
    labeled = list(range(CONFIG["seed_labels"]))
    service = make_service(CONFIG)
    model = MCDropoutNet()
    for rnd in range(CONFIG["rounds"]):
        loss = fit(model, pool_x[labeled], oracle[labeled], CONFIG["steps"])
        unlabeled = torch.tensor([i for i in range(CONFIG["pool"]) if i not in set(labeled)])
        scores = bald_scores(model, pool_x[unlabeled], CONFIG["mc_samples"])
        top = scores.topk(CONFIG["query"])
        picked = unlabeled[top.indices]
        service.submit_queries(CONFIG["project"], picked, top.values)  # cycle
        if CONFIG["dry_run"]:
            new_labels = oracle[picked]
        else:
            new_labels = torch.tensor(service.fetch_labels(CONFIG["project"], picked.tolist()))
        labeled.extend(picked.tolist())
        print(f"round {rnd}: loss {loss:.3f}, queried {len(picked)}, "
              f"mean BALD {top.values.mean().item():.4f}, labels {new_labels.bincount().tolist()}")


if __name__ == "__main__":
    main()
