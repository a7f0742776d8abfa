"""Minimal trainer with a lazily built console progress bar."""
import functools
import sys
import time

import torch
import torch.nn as nn


class ProgressBar:
    def __init__(self, total, desc="train", postfix_fn=None, width=24, stream=sys.stderr):
        self.total = total
        self.desc = desc
        self.width = width
        self.stream = stream
        self.postfix_fn = postfix_fn  # cycle
        self.n = 0
        self._t0 = time.perf_counter()

    def _render(self):
        filled = int(self.width * self.n / max(self.total, 1))
        bar = "#" * filled + "." * (self.width - filled)
        rate = self.n / max(time.perf_counter() - self._t0, 1e-6)
        extra = self.postfix_fn() if self.postfix_fn is not None else ""
        return f"{self.desc} [{bar}] {self.n}/{self.total} {rate:.1f}it/s {extra}"

    def update(self, n=1):
        self.n += n
        line = self._render()
        return line

    def reset(self, total=None):
        if total is not None:
            self.total = total
        self.n = 0
        self._t0 = time.perf_counter()


class Trainer:
    def __init__(self, model, lr=1e-2, max_epochs=2, steps_per_epoch=4):
        self.model = model
        self.optimizer = torch.optim.SGD(model.parameters(), lr=lr, momentum=0.9)
        self.max_epochs = max_epochs
        self.steps_per_epoch = steps_per_epoch
        self.global_step = 0
        self.running_loss = 0.0
        self.lines = []

    @functools.cached_property
    def progress(self):
        return ProgressBar(self.steps_per_epoch, desc="epoch 0", postfix_fn=self._postfix)  # cycle

    def _postfix(self):
        lr = self.optimizer.param_groups[0]["lr"]
        return f"loss={self.running_loss:.4f} lr={lr:.2e} step={self.global_step}"

    def training_step(self, batch):
        x, y = batch
        return nn.functional.mse_loss(self.model(x), y)

    def fit(self, batches):
        for epoch in range(self.max_epochs):
            self.progress.reset(self.steps_per_epoch)
            self.progress.desc = f"epoch {epoch}"
            for batch in batches:
                loss = self.training_step(batch)
                self.optimizer.zero_grad(set_to_none=True)
                loss.backward()
                self.optimizer.step()
                self.global_step += 1
                self.running_loss = 0.9 * self.running_loss + 0.1 * loss.item()
                self.lines.append(self.progress.update())
        return self.running_loss


def make_batches(n, dim=8):
    return [(torch.randn(16, dim), torch.randn(16, 1)) for _ in range(n)]


def main():
    batches = make_batches(4)
    for seed in range(3):
        torch.manual_seed(seed)
        model = nn.Sequential(nn.Linear(8, 16), nn.Tanh(), nn.Linear(16, 1))
        trainer = Trainer(model, steps_per_epoch=len(batches))
        final = trainer.fit(batches)
        assert final >= 0.0


if __name__ == "__main__":
    main()
