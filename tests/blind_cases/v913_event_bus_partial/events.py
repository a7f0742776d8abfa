"""Tiny synchronous event bus shared by the training loop and its plugins."""
from collections import defaultdict


class EventBus:
    """Publish/subscribe dispatcher; handlers are called in priority order."""

    def __init__(self):
        self._subscribers = defaultdict(list)
        self._fired = defaultdict(int)

    def subscribe(self, event, handler, priority=0):
        bucket = self._subscribers[event]
        bucket.append((priority, handler))  # cycle
        bucket.sort(key=lambda item: -item[0])

    def unsubscribe_all(self, event):
        self._subscribers.pop(event, None)

    def emit(self, event, **payload):
        self._fired[event] += 1
        for _priority, handler in self._subscribers.get(event, ()):
            handler(**payload)

    def stats(self):
        return dict(self._fired)
