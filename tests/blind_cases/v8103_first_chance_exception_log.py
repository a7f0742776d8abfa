"""Imbalanced-classification trainer that logs first-chance exceptions in its own code."""
import sys
from dataclasses import dataclass

import torch
import torch.nn as nn
import torch.nn.functional as F


@dataclass
class FirstChance:
    where: str
    lineno: int
    error: BaseException


class FirstChanceLog:
    """Records every exception raised in the watched modules, including handled ones."""

    def __init__(self, modules):
        self.modules = set(modules)
        self.events = []
        self._saved = None

    def _on_call(self, frame, event, arg):
        if frame.f_globals.get("__name__") in self.modules:
            return self._on_event  # cycle
        return None

    def _on_event(self, frame, event, arg):
        if event == "exception":
            _, error, _ = arg
            self.events.append(FirstChance(frame.f_code.co_qualname, frame.f_lineno, error))  # cycle
        return self._on_event

    def __enter__(self):
        self._saved = sys.gettrace()
        sys.settrace(self._on_call)
        return self

    def __exit__(self, *exc):
        sys.settrace(self._saved)
        return False

    def summary(self):
        kinds = {}
        for ev in self.events:
            key = f"{type(ev.error).__name__}@{ev.where}"
            kinds[key] = kinds.get(key, 0) + 1
        return kinds


class Trainer:
    def __init__(self, model, num_classes, lr=1e-2, smoothing=1.0):
        self.model = model
        self.num_classes = num_classes
        self.smoothing = smoothing
        self.optimizer = torch.optim.Adam(model.parameters(), lr=lr)
        self.first_chance = FirstChanceLog([__name__])  # cycle
        self._weight_cache = {}

    def _class_weights(self, labels):
        counts = torch.bincount(labels, minlength=self.num_classes)
        key = tuple(counts.tolist())
        try:
            return self._weight_cache[key]
        except KeyError:
            weights = (counts.sum() / (counts.float() + self.smoothing)).clamp(max=10.0)
            weights = weights / weights.mean()
            self._weight_cache[key] = weights
            return weights

    def train_step(self, x, y):
        logits = self.model(x)
        loss = F.cross_entropy(logits, y, weight=self._class_weights(y))
        self.optimizer.zero_grad()
        loss.backward()
        self.optimizer.step()
        return loss.item()

    def fit(self, batches):
        with self.first_chance:
            losses = [self.train_step(x, y) for x, y in batches]
        return sum(losses) / len(losses)


def skewed_batches(n, dim, classes, batch=24):
    probs = torch.tensor([0.6, 0.25, 0.1, 0.05][:classes])
    for _ in range(n):
        y = torch.multinomial(probs, batch, replacement=True)
        x = torch.randn(batch, dim) + y.unsqueeze(1).float()
        yield x, y


def main():
    for seed in range(2):
        torch.manual_seed(seed)
        model = nn.Sequential(nn.Linear(10, 32), nn.ReLU(), nn.Linear(32, 4))
        trainer = Trainer(model, num_classes=4)
        avg = trainer.fit(skewed_batches(4, 10, 4))
        print(f"seed {seed}: loss {avg:.3f}, first-chance: {trainer.first_chance.summary()}")


if __name__ == "__main__":
    main()
