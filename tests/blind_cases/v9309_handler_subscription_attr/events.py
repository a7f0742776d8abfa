"""Decorator-based event bus. Handlers remember where they are subscribed, so a
plugin can be detached with a single unsubscribe_all(fn) call."""
import collections


class EventBus:
    def __init__(self, name):
        self.name = name
        self._handlers = collections.defaultdict(list)  # cycle

    def on(self, event):
        def register(fn):
            self._handlers[event].append(fn)  # cycle
            fn.__dict__.setdefault("__subscriptions__", []).append((self, event))  # cycle
            return fn

        return register

    def emit(self, event, *args, **kwargs):
        for fn in list(self._handlers[event]):
            fn(*args, **kwargs)

    def handlers(self, event):
        return tuple(self._handlers[event])


def unsubscribe_all(fn):
    for bus, event in fn.__dict__.pop("__subscriptions__", []):
        bus._handlers[event].remove(fn)
