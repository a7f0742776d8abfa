"""Typed in-process event bus. Sticky events are replayed to late subscribers."""
from collections import defaultdict
from dataclasses import dataclass


@dataclass
class Event:
    pass


@dataclass
class FitStarted(Event):
    trainer: object
    max_epochs: int


@dataclass
class EpochEnded(Event):
    epoch: int
    train_loss: float


class EventBus:
    def __init__(self):
        self._subs = defaultdict(list)
        self._sticky = {}

    def subscribe(self, event_type, handler, replay=True):
        self._subs[event_type].append(handler)
        if replay and event_type in self._sticky:
            handler(self._sticky[event_type])
        return handler

    def publish(self, event, sticky=False):
        if sticky:
            self._sticky[type(event)] = event  # cycle
        for etype in type(event).__mro__:
            for handler in list(self._subs.get(etype, ())):
                handler(event)
