"""Learning-rate sweep; each trainer wires its own handlers onto an event bus."""
import functools
import math

import torch
import torch.nn as nn
import torch.nn.functional as F

from events import EventBus


class Trainer:
    def __init__(self, model, lr=1e-2, log_every=2, checks=("nan",)):
        self.model = model
        self.optimizer = torch.optim.AdamW(model.parameters(), lr=lr, weight_decay=0.01)
        self.log_every = log_every
        self.history = {"train": [], "val": []}
        self.events = EventBus()  # cycle
        self.events.subscribe("batch_end", functools.partial(self._log_metrics, split="train"))  # cycle
        self.events.subscribe("val_end", functools.partial(self._log_metrics, split="val"), priority=1)  # cycle
        for check in checks:
            self.events.subscribe("batch_end", getattr(self, f"_check_{check}"), priority=10)  # cycle

    def _log_metrics(self, step, loss, split):
        self.history[split].append(loss)
        if step % self.log_every == 0:
            print(f"[{split}] step={step:03d} loss={loss:.4f}")

    def _check_nan(self, step, loss):
        if math.isnan(loss) or math.isinf(loss):
            raise FloatingPointError(f"loss diverged at step {step}")

    def fit(self, loader, val_batch):
        self.model.train()
        step = 0
        for step, (x, y) in enumerate(loader):
            logits = self.model(x)
            loss = F.cross_entropy(logits, y, label_smoothing=0.1)
            self.optimizer.zero_grad(set_to_none=True)
            loss.backward()
            torch.nn.utils.clip_grad_norm_(self.model.parameters(), 1.0)
            self.optimizer.step()
            self.events.emit("batch_end", step=step, loss=loss.item())
        self.model.eval()
        with torch.no_grad():
            vx, vy = val_batch
            vloss = F.cross_entropy(self.model(vx), vy).item()
        self.events.emit("val_end", step=step, loss=vloss)
        return vloss


def make_loader(n_batches, batch_size=16, dim=20, classes=4):
    g = torch.Generator().manual_seed(0)
    for _ in range(n_batches):
        yield torch.randn(batch_size, dim, generator=g), torch.randint(0, classes, (batch_size,), generator=g)


def build_model(dim=20, hidden=64, classes=4):
    return nn.Sequential(nn.Linear(dim, hidden), nn.GELU(), nn.Dropout(0.1), nn.Linear(hidden, classes))


def main():
    val_batch = (torch.randn(32, 20), torch.randint(0, 4, (32,)))
    results = {}
    for lr in (3e-3, 1e-2, 3e-2):
        trainer = Trainer(build_model(), lr=lr)
        results[lr] = trainer.fit(make_loader(4), val_batch)
    best = min(results, key=results.get)
    print(f"best lr={best:g} val_loss={results[best]:.4f}")


if __name__ == "__main__":
    main()
