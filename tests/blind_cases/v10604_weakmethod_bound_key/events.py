"""Minimal event bus; subscribers are held weakly so they can go away freely."""
import weakref


class EventBus:
    def __init__(self):
        self._subs = {}

    def subscribe(self, event, callback):
        bucket = self._subs.setdefault(event, {})
        if callback not in bucket:
            bucket[callback] = weakref.WeakMethod(callback)  # cycle
        return callback

    def unsubscribe(self, event, callback):
        self._subs.get(event, {}).pop(callback, None)

    def emit(self, event, **payload):
        bucket = self._subs.get(event, {})
        for key, ref in list(bucket.items()):
            fn = ref()
            if fn is None:
                del bucket[key]
                continue
            fn(**payload)
