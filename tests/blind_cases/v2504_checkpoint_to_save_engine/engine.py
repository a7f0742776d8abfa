"""Event-driven training engine (ignite-style)."""
from collections import defaultdict
from enum import Enum


class Events(Enum):
    ITERATION_COMPLETED = "iteration_completed"
    EPOCH_COMPLETED = "epoch_completed"


class State:
    def __init__(self):
        self.epoch = self.iteration = self.max_epochs = 0
        self.output = None


class Engine:
    def __init__(self, process_function):
        self._process_function = process_function
        self._event_handlers = defaultdict(list)  # cycle
        self.state = State()

    def add_event_handler(self, event, handler, *args, **kwargs):
        self._event_handlers[event].append((handler, args, kwargs))  # cycle

    def _fire_event(self, event):
        for func, args, kwargs in self._event_handlers[event]:
            func(self, *args, **kwargs)

    def state_dict(self):
        return {"epoch": self.state.epoch, "iteration": self.state.iteration, "max_epochs": self.state.max_epochs}

    def run(self, data, max_epochs=1):
        self.state.max_epochs = max_epochs
        while self.state.epoch < max_epochs:
            self.state.epoch += 1
            for batch in data:
                self.state.iteration += 1
                self.state.output = self._process_function(self, batch)
                self._fire_event(Events.ITERATION_COMPLETED)
            self._fire_event(Events.EPOCH_COMPLETED)
        return self.state
