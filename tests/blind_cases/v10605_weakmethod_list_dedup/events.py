"""Minimal event bus; subscribers are held weakly so they can go away freely."""
import weakref


class EventBus:
    def __init__(self):
        self._subs = {}

    def subscribe(self, event, callback):
        ref = weakref.WeakMethod(callback)
        bucket = self._subs.setdefault(event, [])
        if ref not in bucket:
            bucket.append(ref)
        return callback

    def unsubscribe(self, event, callback):
        ref = weakref.WeakMethod(callback)
        bucket = self._subs.get(event, [])
        if ref in bucket:
            bucket.remove(ref)

    def emit(self, event, **payload):
        bucket = self._subs.get(event, [])
        for ref in list(bucket):
            fn = ref()
            if fn is None:
                bucket.remove(ref)
                continue
            fn(**payload)
