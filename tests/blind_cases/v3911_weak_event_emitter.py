"""Event emitter with weakly held listeners, used by a trainer for early stopping and LR logging."""
import math
import weakref

import torch
import torch.nn as nn


class EventEmitter:
    def __init__(self):
        self._listeners = weakref.WeakKeyDictionary()

    def on(self, listener, *events):
        self._listeners.setdefault(listener, set()).update(events)
        return listener

    def emit(self, event, source, **payload):
        for listener, events in list(self._listeners.items()):
            if event in events:
                getattr(listener, "on_" + event)(source, **payload)


EMITTER = EventEmitter()


class EarlyStopping:
    def __init__(self, patience=2, min_delta=1e-3):
        self.patience = patience
        self.min_delta = min_delta
        self.best = math.inf
        self.bad_epochs = 0

    def on_epoch_end(self, trainer, val_loss):
        if val_loss < self.best - self.min_delta:
            self.best, self.bad_epochs = val_loss, 0
        else:
            self.bad_epochs += 1
        trainer.should_stop = self.bad_epochs >= self.patience


class LRLogger:
    def __init__(self):
        self.history = []

    def on_epoch_end(self, trainer, val_loss):
        self.history.append(trainer.optimizer.param_groups[0]["lr"])

    def on_fit_end(self, trainer, epochs):
        self.history.append(float(epochs))


class Trainer:
    def __init__(self, model, lr, listeners):
        self.model = model
        self.optimizer = torch.optim.SGD(model.parameters(), lr=lr, momentum=0.9)
        self.scheduler = torch.optim.lr_scheduler.ExponentialLR(self.optimizer, gamma=0.8)
        self.listeners = list(listeners)
        for listener in self.listeners:
            EMITTER.on(listener, *[e for e in ("epoch_end", "fit_end") if hasattr(listener, "on_" + e)])
        self.should_stop = False

    def evaluate(self, x, y):
        with torch.no_grad():
            return nn.functional.mse_loss(self.model(x), y).item()

    def fit(self, max_epochs=5):
        x_val, y_val = torch.randn(32, 4), torch.randn(32, 1)
        epoch = 0
        for epoch in range(1, max_epochs + 1):
            for _ in range(3):
                x, y = torch.randn(16, 4), torch.randn(16, 1)
                loss = nn.functional.mse_loss(self.model(x), y)
                self.optimizer.zero_grad()
                loss.backward()
                self.optimizer.step()
            self.scheduler.step()
            EMITTER.emit("epoch_end", self, val_loss=self.evaluate(x_val, y_val))
            if self.should_stop:
                break
        EMITTER.emit("fit_end", self, epochs=epoch)
        return epoch


def main():
    for seed in range(3):
        torch.manual_seed(seed)
        model = nn.Sequential(nn.Linear(4, 16), nn.ReLU(), nn.Linear(16, 1))
        trainer = Trainer(model, lr=0.05, listeners=[EarlyStopping(), LRLogger()])
        print("seed", seed, "stopped after", trainer.fit(), "epochs")


if __name__ == "__main__":
    main()
