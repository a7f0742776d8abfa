"""Trainer with a buffered CSV metrics logger callback."""
import csv
import os
import tempfile

import torch
import torch.nn as nn


class RowBuffer:
    """Minimal file-like sink for csv writers; keeps text until drained."""

    def __init__(self):
        self.chunks = []

    def write(self, text):
        self.chunks.append(text)
        return len(text)

    def drain(self):
        text = "".join(self.chunks)
        self.chunks.clear()
        return text


class CSVLogger:
    priority = 0

    def __init__(self, path, fieldnames, flush_every=4):
        self.path = path
        self.flush_every = flush_every
        self._buffer = RowBuffer()
        self._writer = csv.DictWriter(self._buffer, fieldnames=fieldnames, extrasaction="ignore")
        self._rows = 0

    def flush(self):
        text = self._buffer.drain()
        if text:
            with open(self.path, "a", newline="") as fh:
                fh.write(text)

    def on_fit_start(self, trainer):
        if not os.path.exists(self.path):
            self._writer.writeheader()

    def on_epoch_end(self, trainer, metrics):
        self._writer.writerow({"run": trainer.run_name, **metrics})
        self._rows += 1
        if self._rows % self.flush_every == 0:
            self.flush()

    def on_fit_end(self, trainer):
        self.flush()


class Trainer:
    def __init__(self, run_name, model, callbacks, lr, epochs=3):
        self.run_name = run_name
        self.model = model
        self.optimizer = torch.optim.Adagrad(model.parameters(), lr=lr)
        self.callbacks = sorted(callbacks, key=lambda cb: cb.priority)
        self.epochs = epochs

    def _dispatch(self, hook, *args):
        for cb in self.callbacks:
            getattr(cb, hook)(self, *args)

    def _loss(self, batches, train):
        self.model.train(train)
        losses = []
        with torch.set_grad_enabled(train):
            for x, y in batches:
                loss = nn.functional.cross_entropy(self.model(x), y)
                if train:
                    self.optimizer.zero_grad()
                    loss.backward()
                    self.optimizer.step()
                losses.append(loss.item())
        return sum(losses) / len(losses)

    def fit(self, train_batches, val_batches):
        self._dispatch("on_fit_start")
        for epoch in range(self.epochs):
            metrics = {"epoch": epoch, "loss": self._loss(train_batches, True),
                       "val_loss": self._loss(val_batches, False)}
            self._dispatch("on_epoch_end", metrics)
        self._dispatch("on_fit_end")


def main():
    torch.manual_seed(0)
    data = [(torch.randn(16, 12), torch.randint(0, 3, (16,))) for _ in range(5)]
    with tempfile.TemporaryDirectory() as tmp:
        path = os.path.join(tmp, "metrics.csv")
        for lr in (0.01, 0.05, 0.1):
            model = nn.Sequential(nn.Linear(12, 32), nn.ReLU(), nn.Linear(32, 3))
            logger = CSVLogger(path, ["run", "epoch", "loss", "val_loss"])
            Trainer(f"adagrad-{lr}", model, [logger], lr=lr).fit(data[:4], data[4:])
        with open(path) as fh:
            rows = list(csv.DictReader(fh))
    best = min(rows, key=lambda r: float(r["val_loss"]))
    print(f"{len(rows)} rows; best {best['run']} epoch {best['epoch']} val_loss {float(best['val_loss']):.4f}")


if __name__ == "__main__":
    main()
