"""Channel-width sweep; each trial builds and shuts down its own container."""
import torch

from container import Container
from services import Accuracy, ConvClassifier, Trainer


def build_container(cfg):
    c = Container(name=f"trial-c{cfg['channels']}")
    c.register("model", lambda: ConvClassifier(cfg["channels"], cfg["n_classes"]))

    @c.factory("optimizer")
    def _optimizer(container):
        return torch.optim.SGD(container.resolve("model").parameters(), lr=cfg["lr"], momentum=0.9)

    c.register("metric", Accuracy, scope="transient")
    c.register("trainer", lambda container: Trainer(container, cfg["steps"]))
    return c


def run_trial(cfg):
    container = build_container(cfg)
    try:
        return container.resolve("trainer").fit()
    finally:
        container.close()


def main():
    base = {"n_classes": 2, "lr": 0.05, "steps": 3}
    accs = {ch: run_trial(dict(base, channels=ch)) for ch in (4, 8, 16)}
    assert all(0.0 <= a <= 1.0 for a in accs.values())


if __name__ == "__main__":
    main()
