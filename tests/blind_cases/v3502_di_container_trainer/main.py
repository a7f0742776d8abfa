"""Learning-rate sweep; each trial gets its own container built from a config dict."""
import torch

from components import MeanAbsError, Regressor, Trainer
from container import Container


def build_container(cfg):
    c = Container(name=f"trial-lr{cfg['lr']}")
    c.register("model", lambda: Regressor(cfg["in_dim"], cfg["hidden"]))

    @c.provide("optimizer")
    def _optimizer(container):
        model = container.resolve("model")
        return torch.optim.Adam(model.parameters(), lr=cfg["lr"])

    c.register("metric.mae", MeanAbsError, scope="transient", tags=("metric",))
    c.register("trainer", lambda container: Trainer(container, cfg["steps"]))
    return c


def run_trial(cfg):
    container = build_container(cfg)
    trainer = container.resolve("trainer")
    return trainer.fit()


def main():
    base = {"in_dim": 8, "hidden": 24, "steps": 4}
    results = {}
    for lr in (1e-3, 3e-3, 1e-2):
        results[lr] = run_trial(dict(base, lr=lr))
    assert all("mae" in r for r in results.values())


if __name__ == "__main__":
    main()
