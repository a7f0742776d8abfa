"""Callbacks: early stopping and a console logger."""
import math

from signals import stop_training


class Callback:
    priority = 0

    def on_fit_start(self, state):
        pass

    def on_batch_end(self, state):
        pass

    def on_validation_end(self, state):
        pass


class EarlyStopping(Callback):
    priority = 100

    def __init__(self, monitor="val_loss", patience=2, min_delta=0.0):
        self.monitor = monitor
        self.patience = patience
        self.min_delta = min_delta
        self.best = math.inf
        self.wait = 0

    def on_validation_end(self, state):
        current = state.metrics[self.monitor]
        if current < self.best - self.min_delta:
            self.best = current
            self.wait = 0
            return
        self.wait += 1
        if self.wait >= self.patience:
            stop_training(f"{self.monitor} did not improve for {self.wait} epochs",
                          type(self).__name__)


class ConsoleLogger(Callback):
    priority = -10

    def __init__(self, every=4):
        self.every = every
        self.lines = []

    def on_batch_end(self, state):
        if state.step % self.every == 0:
            self.lines.append(f"step {state.step}: loss={state.metrics['loss']:.4f}")

    def on_validation_end(self, state):
        self.lines.append(f"epoch {state.epoch}: val_loss={state.metrics['val_loss']:.4f}")
