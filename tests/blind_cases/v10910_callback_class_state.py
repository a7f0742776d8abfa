"""Trainer with validation callbacks: best-checkpoint keeper and early stopping."""
import copy
from typing import Any, Dict

import torch
import torch.nn as nn


class Callback:
    order: int = 0
    state: Dict[str, Any] = {}

    def on_validation_end(self, trainer, metrics):
        pass

    def state_dict(self):
        return dict(self.state)


class BestCheckpoint(Callback):
    order = 1

    def __init__(self, monitor="val_acc", mode="max"):
        self.monitor = monitor
        self.sign = 1.0 if mode == "max" else -1.0

    def on_validation_end(self, trainer, metrics):
        score = self.sign * metrics[self.monitor]
        if score > self.state.get("best_score", float("-inf")):
            self.state["best_score"] = score
            self.state["best_epoch"] = trainer.epoch
            self.state["best_model"] = copy.deepcopy(trainer.model)  # retain


class EarlyStopping(Callback):
    order = 2

    def __init__(self, monitor="val_loss", patience=2):
        self.monitor = monitor
        self.patience = patience

    def on_validation_end(self, trainer, metrics):
        best = self.state.get("best_loss", float("inf"))
        if metrics[self.monitor] < best:
            self.state["best_loss"] = metrics[self.monitor]
            self.state["wait"] = 0
        else:
            self.state["wait"] = self.state.get("wait", 0) + 1
            trainer.should_stop = self.state["wait"] >= self.patience


class Trainer:
    def __init__(self, model, callbacks, lr=0.05):
        self.model = model
        self.callbacks = sorted(callbacks, key=lambda cb: cb.order)
        self.opt = torch.optim.SGD(model.parameters(), lr=lr)
        self.epoch = 0
        self.should_stop = False

    def validate(self, batches):
        self.model.eval()
        total, correct, loss = 0, 0, 0.0
        with torch.no_grad():
            for x, y in batches:
                out = self.model(x)
                loss += float(nn.functional.cross_entropy(out, y, reduction="sum"))
                correct += int((out.argmax(-1) == y).sum())
                total += y.numel()
        self.model.train()
        return {"val_loss": loss / total, "val_acc": correct / total}

    def fit(self, train, val, epochs):
        for self.epoch in range(epochs):
            for x, y in train():
                loss = nn.functional.cross_entropy(self.model(x), y)
                self.opt.zero_grad()
                loss.backward()
                self.opt.step()
            metrics = self.validate(val())
            for cb in self.callbacks:
                cb.on_validation_end(self, metrics)
            if self.should_stop:
                break
        return metrics


def stream(seed, steps=5):
    def batches():
        gen = torch.Generator().manual_seed(seed)
        for _ in range(steps):
            x = torch.randn(32, 6, generator=gen)
            yield x, (x[:, 0] - x[:, 1] > 0).long()
    return batches


def main():
    torch.manual_seed(0)
    model = nn.Sequential(nn.Linear(6, 16), nn.ReLU(), nn.Linear(16, 2))
    trainer = Trainer(model, [EarlyStopping(patience=2), BestCheckpoint()])
    final = trainer.fit(stream(1), stream(2, steps=3), epochs=4)
    best = trainer.callbacks[0].state_dict()
    print(final, {k: v for k, v in best.items() if k != "best_model"})


if __name__ == "__main__":
    main()
