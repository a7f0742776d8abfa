"""Architecture sweep: every candidate gets its own runner and notifiers."""
import torch.nn as nn

from hooks import BestScoreTracker, ModelCardWriter, WebhookNotifier
from runner import Runner

SWEEP = {
    "mlp-narrow": {"hidden": 16, "lr": 0.05},
    "mlp-wide": {"hidden": 64, "lr": 0.02},
    "mlp-deep": {"hidden": 32, "lr": 0.03, "depth": 3},
}
BASE = {"epochs": 3, "steps": 4, "batch_size": 32, "features": 8}


def build(features, hidden, depth=1, **_):
    layers, width = [], features
    for _ in range(depth):
        layers += [nn.Linear(width, hidden), nn.ReLU()]
        width = hidden
    return nn.Sequential(*layers, nn.Linear(width, 2))


def main():
    results = {}
    for name, hp in SWEEP.items():
        cfg = {**BASE, **hp}
        tracker = BestScoreTracker()
        runner = Runner(name, build(cfg["features"], **hp), cfg,
                        callbacks=[tracker, WebhookNotifier("http://hooks.local/ml"), ModelCardWriter()])
        runner.fit()
        results[name] = tracker.best
    print(results)


if __name__ == "__main__":
    main()
