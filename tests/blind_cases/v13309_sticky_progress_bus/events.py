"""Process-wide progress bus shared by the web UI panels and the CLI progress printer."""
from collections import defaultdict
from contextlib import contextmanager
from dataclasses import dataclass
from typing import Any


@dataclass
class StepEvent:
    pipeline: Any
    step: int
    total: int
    timestep: int
    latents: Any


class ProgressBus:
    def __init__(self):
        self._subscribers = defaultdict(list)
        self._sticky = {}

    def publish(self, topic, event, sticky=False):
        if sticky:
            self._sticky[topic] = event  # retain
        for fn in list(self._subscribers[topic]):
            fn(event)

    def subscribe(self, topic, fn, replay=True):
        self._subscribers[topic].append(fn)
        if replay and topic in self._sticky:
            fn(self._sticky[topic])

    def unsubscribe(self, topic, fn):
        self._subscribers[topic].remove(fn)

    @contextmanager
    def subscription(self, topic, fn, replay=True):
        self.subscribe(topic, fn, replay)
        try:
            yield fn
        finally:
            self.unsubscribe(topic, fn)


BUS = ProgressBus()
