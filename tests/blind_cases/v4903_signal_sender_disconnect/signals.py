"""Process-wide named signals with optional sender filtering (blinker-like API)."""
import threading


class _Any:
    def __repr__(self):
        return "ANY"


ANY = _Any()


def _key(sender):
    return "any" if sender is ANY else id(sender)


class Signal:
    def __init__(self, name):
        self.name = name
        self._buckets = {}
        self._lock = threading.Lock()

    def connect(self, receiver, sender=ANY):
        with self._lock:
            bucket = self._buckets.setdefault(_key(sender), [])
            if receiver not in bucket:
                bucket.append(receiver)  # retain
        return receiver

    def disconnect(self, receiver, sender=ANY):
        key = _key(sender)
        with self._lock:
            bucket = self._buckets.get(key, [])
            if receiver in bucket:
                bucket.remove(receiver)
            if not bucket:
                self._buckets.pop(key, None)

    def send(self, sender, **payload):
        receivers = list(self._buckets.get("any", ())) + list(self._buckets.get(id(sender), ()))
        return [(r, r(sender, **payload)) for r in receivers]

    def has_receivers_for(self, sender):
        return bool(self._buckets.get("any") or self._buckets.get(id(sender)))


batch_end = Signal("batch_end")
epoch_end = Signal("epoch_end")
