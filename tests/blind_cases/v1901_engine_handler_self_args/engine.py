"""Event-driven training engine modelled on ignite's Engine / State / Events."""
import inspect
import logging
from collections import defaultdict
from dataclasses import dataclass, field
from enum import Enum

log = logging.getLogger(__name__)


class Events(Enum):
    STARTED = "started"
    EPOCH_STARTED = "epoch_started"
    ITERATION_COMPLETED = "iteration_completed"
    EPOCH_COMPLETED = "epoch_completed"
    COMPLETED = "completed"


@dataclass
class State:
    iteration: int = 0
    epoch: int = 0
    max_epochs: int = 1
    epoch_length: int = 0
    output: object = None
    metrics: dict = field(default_factory=dict)


class Engine:
    def __init__(self, process_function):
        self._process_function = process_function
        self._event_handlers = defaultdict(list)  # cycle
        self.state = State()
        self.should_terminate = False

    @staticmethod
    def _check_signature(fn, n_args, **kwargs):
        try:
            inspect.signature(fn).bind(*([None] * n_args), **kwargs)
        except TypeError as err:
            raise ValueError(f"handler {fn!r} does not accept {n_args} positional arguments") from err

    def add_event_handler(self, event_name, handler, *args, **kwargs):
        if not isinstance(event_name, Events):
            raise ValueError(f"unknown event {event_name!r}")
        self._check_signature(handler, 1 + len(args), **kwargs)
        self._event_handlers[event_name].append((handler, (self,) + args, kwargs))  # cycle
        return handler

    def has_event_handler(self, handler, event_name):
        return any(h is handler for h, _, _ in self._event_handlers.get(event_name, ()))

    def _fire_event(self, event_name):
        for func, args, kwargs in self._event_handlers.get(event_name, ()):
            func(*args, **kwargs)

    def terminate(self):
        log.info("terminate requested at iteration %d", self.state.iteration)
        self.should_terminate = True

    def run(self, data, max_epochs=1):
        self.state.max_epochs = max_epochs
        self.state.epoch_length = len(data)
        self._fire_event(Events.STARTED)
        while self.state.epoch < max_epochs and not self.should_terminate:
            self.state.epoch += 1
            self._fire_event(Events.EPOCH_STARTED)
            for batch in data:
                self.state.iteration += 1
                self.state.output = self._process_function(self, batch)
                self._fire_event(Events.ITERATION_COMPLETED)
                if self.should_terminate:
                    break
            self._fire_event(Events.EPOCH_COMPLETED)
        self._fire_event(Events.COMPLETED)
        return self.state
