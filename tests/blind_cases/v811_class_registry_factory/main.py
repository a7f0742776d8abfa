"""Run a few config-driven experiments built through the component registries."""
import torch

import components  # noqa: F401  (registers the components)
from registry import LOSSES, MODELS

EXPERIMENTS = [
    {"model": {"type": "mlp", "depth": 1}, "loss": {"type": "mse"}, "lr": 1e-2},
    {"model": {"type": "mlp_wide"}, "loss": {"type": "huber", "delta": 0.5}, "lr": 5e-3},
    {"model": {"type": "linear"}, "loss": {"type": "mse"}, "lr": 5e-2},
]


def run_experiment(cfg, steps=3):
    model = MODELS.build(cfg["model"], d_in=5, d_out=1)
    criterion = LOSSES.build(cfg["loss"])
    opt = torch.optim.SGD(model.parameters(), lr=cfg["lr"])
    for _ in range(steps):
        x = torch.randn(16, 5)
        y = x[:, :2].sum(1, keepdim=True)
        loss = criterion(model(x), y)
        opt.zero_grad()
        loss.backward()
        opt.step()
    return type(model).__name__, loss.item()


def main():
    print("models:", MODELS.names(), "losses:", LOSSES.names())
    for cfg in EXPERIMENTS:
        name, loss = run_experiment(cfg)
        print("%-8s %.4f" % (name, loss))


if __name__ == "__main__":
    main()
