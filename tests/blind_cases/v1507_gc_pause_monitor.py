"""Trainer that reports garbage-collection pauses against the training step."""
import gc
import time

import torch
import torch.nn as nn
import torch.nn.functional as F


class GCPauseMonitor:
    """Times every collection through gc.callbacks and tags it with the current step."""

    def __init__(self, owner, warn_ms=50.0):
        self.owner = owner  # retain
        self.warn_ms = warn_ms
        self.pauses = []
        self._t0 = None
        gc.callbacks.append(self._on_gc)  # retain

    def _on_gc(self, phase, info):
        if phase == "start":
            self._t0 = time.perf_counter()
            return
        if self._t0 is None:
            return
        ms = (time.perf_counter() - self._t0) * 1e3
        self._t0 = None
        self.pauses.append((self.owner.global_step, info["generation"], info["collected"], ms))
        if ms > self.warn_ms:
            print(f"slow gc at step {self.owner.global_step}: {ms:.1f} ms")

    def close(self):
        if self._on_gc in gc.callbacks:
            gc.callbacks.remove(self._on_gc)


class Trainer:
    def __init__(self, model, lr=1e-2):
        self.model = model
        self.opt = torch.optim.RMSprop(model.parameters(), lr=lr)
        self.global_step = 0
        self.gc_monitor = GCPauseMonitor(owner=self)

    def train_epoch(self, batches):
        for x, y in batches:
            loss = F.binary_cross_entropy_with_logits(self.model(x), y)
            self.opt.zero_grad()
            loss.backward()
            self.opt.step()
            self.global_step += 1
        gc.collect(1)
        return loss.item()

    def fit(self, batches, epochs):
        return [self.train_epoch(batches) for _ in range(epochs)]


def main():
    batches = [(torch.randn(16, 10), torch.randint(0, 2, (16, 1)).float()) for _ in range(3)]
    for trial, hidden in enumerate((8, 16)):
        model = nn.Sequential(nn.Linear(10, hidden), nn.ReLU(), nn.Linear(hidden, 1))
        history = Trainer(model).fit(batches, epochs=2)
        assert len(history) == 2


if __name__ == "__main__":
    main()
