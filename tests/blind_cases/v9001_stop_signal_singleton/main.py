"""Minimal trainer with prioritized callbacks and signal-based early exit."""
from dataclasses import dataclass, field

import torch
import torch.nn as nn

from callbacks import ConsoleLogger, EarlyStopping
from signals import StopTraining


@dataclass
class TrainState:
    epoch: int = 0
    step: int = 0
    metrics: dict = field(default_factory=dict)
    stop_reason: str = ""


class Trainer:
    def __init__(self, model, optimizer, callbacks, max_epochs=10):
        self.model = model
        self.optimizer = optimizer
        self.callbacks = sorted(callbacks, key=lambda cb: -cb.priority)
        self.max_epochs = max_epochs
        self.state = TrainState()

    def _fire(self, event):
        for cb in self.callbacks:
            getattr(cb, event)(self.state)

    def _train_epoch(self, batches):
        self.model.train()
        for x, y in batches:
            loss = nn.functional.mse_loss(self.model(x), y)
            self.optimizer.zero_grad()
            loss.backward()
            self.optimizer.step()
            self.state.step += 1
            self.state.metrics["loss"] = loss.item()
            self._fire("on_batch_end")

    @torch.no_grad()
    def validate(self, batches):
        self.model.eval()
        total = sum(nn.functional.mse_loss(self.model(x), y).item() for x, y in batches)
        self.state.metrics["val_loss"] = total / len(batches)
        self._fire("on_validation_end")

    def fit(self, train_batches, val_batches):
        self._fire("on_fit_start")
        try:
            for epoch in range(self.max_epochs):
                self.state.epoch = epoch
                self._train_epoch(train_batches)
                self.validate(val_batches)
        except StopTraining as stop:
            self.state.stop_reason = f"{stop.source}: {stop.reason}"
        return self.state


def make_batches(n, seed):
    g = torch.Generator().manual_seed(seed)
    return [(torch.randn(16, 8, generator=g), torch.randn(16, 1, generator=g)) for _ in range(n)]


def main():
    train, val = make_batches(6, 0), make_batches(2, 1)
    for lr in (0.05, 0.01):
        model = nn.Sequential(nn.Linear(8, 32), nn.Tanh(), nn.Linear(32, 1))
        opt = torch.optim.Adam(model.parameters(), lr=lr)
        trainer = Trainer(model, opt, [ConsoleLogger(), EarlyStopping(patience=1, min_delta=1.0)])
        state = trainer.fit(train, val)
        print(f"lr={lr}: stopped after epoch {state.epoch} ({state.stop_reason})")


if __name__ == "__main__":
    main()
