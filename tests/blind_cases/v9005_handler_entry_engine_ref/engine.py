"""ignite-flavoured Engine: a process function plus prioritized event handlers."""
import bisect
import enum
import itertools
from collections import defaultdict
from dataclasses import dataclass, field
from typing import Any, Callable


class Events(enum.Enum):
    STARTED = "started"
    ITERATION_COMPLETED = "iteration_completed"
    EPOCH_COMPLETED = "epoch_completed"
    COMPLETED = "completed"


@dataclass(order=True)
class HandlerEntry:
    sort_key: int
    seq: int
    event: Events = field(compare=False)
    fn: Callable = field(compare=False)
    engine: Any = field(compare=False, repr=False)

    def remove(self):
        self.engine.remove_entry(self)


class State:
    def __init__(self):
        self.epoch = 0
        self.iteration = 0
        self.output = None
        self.metrics = {}


class Engine:
    def __init__(self, process_fn, name):
        self.process_fn = process_fn
        self.name = name
        self.state = State()
        self._handlers = defaultdict(list)
        self._counter = itertools.count()

    def add_event_handler(self, event, fn, priority=0):
        entry = HandlerEntry(-priority, next(self._counter), event, fn, self)  # cycle
        bisect.insort(self._handlers[event], entry)  # cycle
        return entry

    def on(self, event, priority=0):
        def decorator(fn):
            self.add_event_handler(event, fn, priority)
            return fn
        return decorator

    def remove_entry(self, entry):
        self._handlers[entry.event].remove(entry)

    def fire(self, event):
        for entry in list(self._handlers[event]):
            entry.fn(self)

    def run(self, data, max_epochs=1):
        self.state = State()
        self.fire(Events.STARTED)
        for epoch in range(max_epochs):
            self.state.epoch = epoch
            for batch in data:
                self.state.iteration += 1
                self.state.output = self.process_fn(self, batch)
                self.fire(Events.ITERATION_COMPLETED)
            self.fire(Events.EPOCH_COMPLETED)
        self.fire(Events.COMPLETED)
        return self.state
