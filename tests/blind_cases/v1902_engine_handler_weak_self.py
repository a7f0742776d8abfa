"""ignite-style trainer/evaluator pair; engines pass themselves to handlers through weak references."""
import weakref
from collections import defaultdict
from dataclasses import dataclass, field
from enum import Enum

import torch
import torch.nn as nn


class Events(Enum):
    STARTED = "started"
    ITERATION_COMPLETED = "iteration_completed"
    EPOCH_COMPLETED = "epoch_completed"
    COMPLETED = "completed"


@dataclass
class State:
    iteration: int = 0
    epoch: int = 0
    output: object = None
    metrics: dict = field(default_factory=dict)


class Engine:
    def __init__(self, process_function, name="engine"):
        self.name = name
        self._process_function = process_function
        self._event_handlers = defaultdict(list)
        self.state = State()

    def add_event_handler(self, event_name, handler, *args, **kwargs):
        self._event_handlers[event_name].append((handler, (weakref.ref(self),) + args, kwargs))
        return handler

    def _fire_event(self, event_name):
        for func, args, kwargs in self._event_handlers.get(event_name, ()):
            first, rest = args[0](), args[1:]
            if first is not None:
                func(first, *rest, **kwargs)

    def run(self, data, max_epochs=1):
        self.state = State()
        self._fire_event(Events.STARTED)
        for _ in range(max_epochs):
            self.state.epoch += 1
            for batch in data:
                self.state.iteration += 1
                self.state.output = self._process_function(self, batch)
                self._fire_event(Events.ITERATION_COMPLETED)
            self._fire_event(Events.EPOCH_COMPLETED)
        self._fire_event(Events.COMPLETED)
        return self.state


class Accuracy:
    def reset(self, engine):
        self.correct, self.total = 0, 0

    def update(self, engine):
        correct, total = engine.state.output
        self.correct += correct
        self.total += total

    def completed(self, engine, name):
        engine.state.metrics[name] = self.correct / max(self.total, 1)

    def attach(self, engine, name):
        engine.add_event_handler(Events.STARTED, self.reset)
        engine.add_event_handler(Events.ITERATION_COMPLETED, self.update)
        engine.add_event_handler(Events.COMPLETED, self.completed, name)


def run_validation(trainer, evaluator, data, scores):
    state = evaluator.run(data)
    scores.append((trainer.state.epoch, state.metrics["acc"]))


def build(model, optimizer):
    loss_fn = nn.CrossEntropyLoss()

    def train_step(engine, batch):
        x, y = batch
        loss = loss_fn(model(x), y)
        optimizer.zero_grad()
        loss.backward()
        optimizer.step()
        return loss.item()

    @torch.no_grad()
    def eval_step(engine, batch):
        x, y = batch
        pred = model(x).argmax(dim=1)
        return int((pred == y).sum()), len(y)

    return Engine(train_step, "trainer"), Engine(eval_step, "evaluator")


def batches(n, bs=16):
    return [(torch.randn(bs, 10), torch.randint(0, 4, (bs,))) for _ in range(n)]


def main():
    for fold in range(3):
        torch.manual_seed(fold)
        model = nn.Sequential(nn.Linear(10, 32), nn.ReLU(), nn.Linear(32, 4))
        optimizer = torch.optim.Adam(model.parameters(), lr=1e-2)
        trainer, evaluator = build(model, optimizer)
        Accuracy().attach(evaluator, "acc")
        scores = []
        trainer.add_event_handler(Events.EPOCH_COMPLETED, run_validation, evaluator, batches(2), scores)
        trainer.run(batches(4), max_epochs=2)


if __name__ == "__main__":
    main()
