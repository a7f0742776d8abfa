"""Trainer whose hook table layers per-trainer hooks over process-wide default hooks."""
import collections
import math

import torch
import torch.nn as nn


def _warn_nonfinite(step, loss, **_):
    if not math.isfinite(loss):
        print("non-finite loss at step", step)


DEFAULT_HOOKS = {
    "on_step_end": [_warn_nonfinite],
    "on_epoch_end": [],
}


class GradNoiseScale:
    """Tracks the ratio of gradient variance to squared mean gradient, a batch-size heuristic."""

    def attach(self, model):
        self.params = [p for p in model.parameters() if p.requires_grad]
        self.sq, self.mean, self.n = 0.0, None, 0

    def on_step_end(self, step, loss, **_):
        flat = torch.cat([p.grad.detach().flatten() for p in self.params if p.grad is not None])
        self.mean = flat.clone() if self.mean is None else self.mean.mul(0.9).add(flat, alpha=0.1)
        self.sq = 0.9 * self.sq + 0.1 * float(flat.pow(2).sum())
        self.n += 1

    def on_epoch_end(self, epoch, **_):
        if self.mean is not None:
            self.estimate = self.sq / max(float(self.mean.pow(2).sum()), 1e-12)


class LossHistory:
    def attach(self, model):
        self.values = []

    def on_step_end(self, step, loss, **_):
        self.values.append(loss)


class Trainer:
    def __init__(self, model, lr, plugins=()):
        self.model = model
        self.optimizer = torch.optim.SGD(model.parameters(), lr=lr)
        self.hooks = collections.ChainMap({}, DEFAULT_HOOKS)
        for plugin in plugins:
            plugin.attach(model)
            for event in ("on_step_end", "on_epoch_end"):
                handler = getattr(plugin, event, None)
                if handler is not None:
                    self.add_hook(event, handler)

    def add_hook(self, event, handler):
        self.hooks.setdefault(event, []).append(handler)  # retain

    def emit(self, event, **payload):
        for handler in self.hooks.get(event, ()):
            handler(**payload)

    def fit(self, batches, epochs):
        step = 0
        for epoch in range(epochs):
            for x, y in batches:
                loss = nn.functional.smooth_l1_loss(self.model(x), y)
                self.optimizer.zero_grad()
                loss.backward()
                self.optimizer.step()
                self.emit("on_step_end", step=step, loss=loss.item())
                step += 1
            self.emit("on_epoch_end", epoch=epoch)


def main():
    g = torch.Generator().manual_seed(0)
    batches = [(torch.randn(16, 8, generator=g), torch.randn(16, 1, generator=g)) for _ in range(3)]
    for width in (16, 32, 64):
        model = nn.Sequential(nn.Linear(8, width), nn.SiLU(), nn.Linear(width, 1))
        history = LossHistory()
        Trainer(model, lr=0.05, plugins=[GradNoiseScale(), history]).fit(batches, epochs=2)
        print(width, round(history.values[-1], 4))


if __name__ == "__main__":
    main()
