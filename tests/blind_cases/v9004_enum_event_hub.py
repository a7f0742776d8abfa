"""Trainer with an Event enum whose members dispatch to connected handlers."""
import copy
import enum

import torch
import torch.nn as nn


class StopTraining(Exception):
    def __init__(self, reason):
        super().__init__(reason)
        self.reason = reason


class Event(enum.Enum):
    FIT_START = "fit_start"
    BATCH_END = "batch_end"
    EPOCH_END = "epoch_end"

    def __init__(self, value):
        self.handlers = []

    def connect(self, handler, priority=0):
        self.handlers.append((priority, handler))  # retain
        self.handlers.sort(key=lambda item: -item[0])

    def disconnect(self, handler):
        self.handlers[:] = [(p, h) for p, h in self.handlers if h != handler]

    def fire(self, state):
        for _, handler in list(self.handlers):
            handler(state)


class PlateauStopper:
    priority = 50

    def __init__(self, patience=1, min_delta=0.01):
        self.patience = patience
        self.min_delta = min_delta
        self.best, self.bad_epochs = float("inf"), 0

    def on_epoch_end(self, state):
        if state["epoch_loss"] < self.best - self.min_delta:
            self.best, self.bad_epochs = state["epoch_loss"], 0
        else:
            self.bad_epochs += 1
            if self.bad_epochs > self.patience:
                raise StopTraining(f"plateau at epoch {state['epoch']}")


class SnapshotKeeper:
    priority = 10

    def __init__(self):
        self.snapshots = {}

    def on_epoch_end(self, state):
        self.snapshots[state["epoch"]] = copy.deepcopy(state["model"]).eval()


class Trainer:
    def __init__(self, model, lr, callbacks, max_epochs=6):
        self.model = model
        self.optimizer = torch.optim.SGD(model.parameters(), lr=lr, momentum=0.9)
        self.callbacks = callbacks
        self.max_epochs = max_epochs
        self.step_losses = []

    def _log_step(self, state):
        self.step_losses.append(state["loss"])

    def _handlers(self):
        yield Event.BATCH_END, self._log_step, 0
        for cb in self.callbacks:
            for event in Event:
                fn = getattr(cb, "on_" + event.value, None)
                if fn is not None:
                    yield event, fn, cb.priority

    def fit(self, batches):
        handlers = list(self._handlers())
        for event, fn, priority in handlers:
            event.connect(fn, priority)
        state = {"model": self.model, "epoch": 0}
        Event.FIT_START.fire(state)
        try:
            for epoch in range(self.max_epochs):
                state["epoch"] = epoch
                losses = []
                for x, y in batches:
                    loss = nn.functional.binary_cross_entropy_with_logits(self.model(x), y)
                    self.optimizer.zero_grad()
                    loss.backward()
                    self.optimizer.step()
                    state["loss"] = loss.item()
                    losses.append(state["loss"])
                    Event.BATCH_END.fire(state)
                state["epoch_loss"] = sum(losses) / len(losses)
                Event.EPOCH_END.fire(state)
        except StopTraining as stop:
            return {"stopped": stop.reason, "epochs": state["epoch"] + 1}
        for event, fn, _ in handlers:
            event.disconnect(fn)
        return {"stopped": None, "epochs": self.max_epochs}


def main():
    torch.manual_seed(1)
    batches = [(torch.randn(16, 12), torch.randint(0, 2, (16, 1)).float()) for _ in range(4)]
    for lr in (0.001, 0.2):
        model = nn.Sequential(nn.Linear(12, 24), nn.ReLU(), nn.Linear(24, 1))
        trainer = Trainer(model, lr, [PlateauStopper(patience=1), SnapshotKeeper()])
        print(lr, trainer.fit(batches))


if __name__ == "__main__":
    main()
