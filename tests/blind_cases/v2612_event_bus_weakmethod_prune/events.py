"""Process-wide training event bus. Bound-method subscribers are held through
weakref.WeakMethod and pruned when their owner goes away."""
import collections
import functools
import weakref


class EventBus:
    def __init__(self):
        self._subscribers = collections.defaultdict(list)

    def subscribe(self, event, handler):
        on_dead = functools.partial(self._discard, event)
        if hasattr(handler, "__self__"):
            ref = weakref.WeakMethod(handler, on_dead)
        else:
            ref = weakref.ref(handler, on_dead)
        self._subscribers[event].append(ref)
        return ref

    def _discard(self, event, ref):
        subscribers = self._subscribers.get(event)
        if subscribers is not None:
            self._subscribers[event] = [r for r in subscribers if r is not ref]

    def publish(self, event, **payload):
        delivered = 0
        for ref in list(self._subscribers.get(event, ())):
            handler = ref()
            if handler is not None:
                handler(**payload)
                delivered += 1
        return delivered

    def subscriber_count(self, event):
        return len(self._subscribers.get(event, ()))


BUS = EventBus()
