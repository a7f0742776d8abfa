"""Event-driven trainer; callbacks are plain objects with on_<event> methods."""
import time

import torch.nn as nn

import status


class TrainState:
    def __init__(self):
        self.epoch = 0
        self.step = 0
        self.last_loss = float("nan")
        self.started = time.perf_counter()
        self.finished = False


class Trainer:
    def __init__(self, name, model, optimizer, callbacks=(), max_epochs=3):
        self.name = name
        self.model = model
        self.optimizer = optimizer
        self.callbacks = list(callbacks)
        self.max_epochs = max_epochs
        self.state = TrainState()

    def emit(self, event):
        for cb in self.callbacks:
            handler = getattr(cb, "on_" + event, None)
            if handler is not None:
                handler(self.state)

    def fit(self, batches):
        status.register(self, self.state)
        self.emit("fit_start")
        for epoch in range(self.max_epochs):
            self.state.epoch = epoch
            for x, y in batches:
                loss = nn.functional.smooth_l1_loss(self.model(x), y)
                self.optimizer.zero_grad()
                loss.backward()
                self.optimizer.step()
                self.state.step += 1
                self.state.last_loss = loss.item()
                self.emit("batch_end")
            self.emit("epoch_end")
        self.state.finished = True
        self.emit("fit_end")
        return self.state
