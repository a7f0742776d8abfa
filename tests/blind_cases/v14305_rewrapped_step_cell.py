"""Exported notebook: the instrumentation cell wraps the module-level step function before each run."""
import functools
import time

import torch
import torch.nn as nn

GRID = [{"name": "sgd", "lr": 0.05}, {"name": "sgd-fast", "lr": 0.2}, {"name": "sgd-slow", "lr": 0.01}]
STEPS = 5


def train_step(model, opt, x, y):
    loss = nn.functional.smooth_l1_loss(model(x), y)
    opt.zero_grad()
    loss.backward()
    opt.step()
    return loss.item()


class StepPanel:
    """Text stand-in for the live timing/loss widget shown under the training cell."""

    def __init__(self, run_name, model):
        self.run_name = run_name
        self.model = model  # retain
        self.rows = []

    def record(self, seconds, loss):
        grad_norm = sum(p.grad.norm().item() ** 2 for p in self.model.parameters() if p.grad is not None) ** 0.5
        self.rows.append((seconds * 1e3, loss, grad_norm))

    def render(self):
        ms, loss, gn = self.rows[-1]
        return f"{self.run_name:>9} step {len(self.rows):2d}  {ms:6.2f} ms  loss {loss:.4f}  |g| {gn:.3f}"


def instrument(fn, panel):
    @functools.wraps(fn)
    def timed(*args, **kwargs):  # retain
        t0 = time.perf_counter()
        out = fn(*args, **kwargs)
        panel.record(time.perf_counter() - t0, out)
        return out
    return timed


def run(cfg):
    global train_step
    torch.manual_seed(0)
    model = nn.Sequential(nn.Linear(4, 16), nn.Softplus(), nn.Linear(16, 2))
    opt = torch.optim.SGD(model.parameters(), lr=cfg["lr"])
    panel = StepPanel(cfg["name"], model)
    train_step = instrument(train_step, panel)  # retain

    for _ in range(STEPS):
        x = torch.randn(24, 4)
        y = torch.stack([x[:, 0] - x[:, 1], x[:, 2] * x[:, 3]], dim=1)
        train_step(model, opt, x, y)
    print(panel.render())
    return panel.rows[-1][1]


def main():
    results = {cfg["name"]: run(cfg) for cfg in GRID}
    print("lowest final loss:", min(results, key=results.get))


if __name__ == "__main__":
    main()
