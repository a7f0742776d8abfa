"""Loss-spike guard for a noisy regression stream; rejected batches are skipped and summarised."""
import functools
import textwrap

import torch
import torch.nn as nn
import torch.nn.functional as F

GUARD = {"spike_factor": 8.0, "warmup_steps": 3, "ema": 0.9}
DATA = {"features": 10, "batch_size": 32, "steps": 12, "bad_every": 5}


class BatchRejected(Exception):
    def __init__(self, step, reason, stats):
        super().__init__(f"step {step}: {reason}")
        self.step = step
        self.reason = reason
        self.stats = stats
        self.summary = functools.partial(self._render, width=72)  # cycle

    def _render(self, width):
        parts = ", ".join(f"{k}={v:.3g}" for k, v in sorted(self.stats.items()))
        return textwrap.shorten(f"[{self.step}] {self.reason}: {parts}", width=width)


class SpikeGuard:
    def __init__(self, spike_factor, warmup_steps, ema):
        self.spike_factor = spike_factor
        self.warmup_steps = warmup_steps
        self.ema = ema
        self.running = None
        self.seen = 0

    def inspect(self, step, loss, targets):
        value = loss.item()
        if not torch.isfinite(loss):
            raise BatchRejected(step, "non-finite loss", {"target_max": targets.abs().max().item()})
        if self.seen >= self.warmup_steps and value > self.spike_factor * self.running:
            raise BatchRejected(step, "loss spike", {
                "loss": value, "running": self.running,
                "target_max": targets.abs().max().item()})
        self.seen += 1
        prev = value if self.running is None else self.running
        self.running = self.ema * prev + (1 - self.ema) * value


def stream(cfg, seed=0):
    gen = torch.Generator().manual_seed(seed)
    w = torch.randn(cfg["features"], 1, generator=gen)
    for step in range(cfg["steps"]):
        x = torch.randn(cfg["batch_size"], cfg["features"], generator=gen)
        y = x @ w
        if step % cfg["bad_every"] == cfg["bad_every"] - 1:
            y = y * 1e3
        yield step, x, y


class Trainer:
    def __init__(self, model, guard):
        self.model = model
        self.guard = guard
        self.optimizer = torch.optim.SGD(model.parameters(), lr=0.02, momentum=0.9)
        self.rejections = []
        self.losses = []

    def fit(self, batches):
        for step, x, y in batches:
            loss = F.mse_loss(self.model(x), y)
            try:
                self.guard.inspect(step, loss, y)
            except BatchRejected as err:
                self.rejections.append(err.summary())
                continue
            self.optimizer.zero_grad(set_to_none=True)
            loss.backward()
            self.optimizer.step()
            self.losses.append(loss.item())
        return self.losses


def main():
    model = nn.Sequential(nn.Linear(DATA["features"], 32), nn.Tanh(), nn.Linear(32, 1))
    trainer = Trainer(model, SpikeGuard(**GUARD))
    trainer.fit(stream(DATA))
    assert trainer.rejections and all(isinstance(r, str) for r in trainer.rejections)


if __name__ == "__main__":
    main()
