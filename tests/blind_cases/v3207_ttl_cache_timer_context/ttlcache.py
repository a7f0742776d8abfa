"""Embedding cache whose entries expire on a timer of the shared loop."""
from runtime import LOOP


class TTLCache:
    def __init__(self, ttl_s=600.0, max_entries=4096):
        self.ttl_s = ttl_s
        self.max_entries = max_entries
        self._data = {}
        self._timers = {}

    def get(self, key):
        return self._data.get(key)

    def put(self, key, value):
        old = self._timers.pop(key, None)
        if old is not None:
            old.cancel()
        if len(self._data) >= self.max_entries:
            self._evict(next(iter(self._data)))
        self._data[key] = value
        self._timers[key] = LOOP.call_later(self.ttl_s, self._evict, key)  # retain

    def _evict(self, key):
        self._data.pop(key, None)
        timer = self._timers.pop(key, None)
        if timer is not None:
            timer.cancel()

    def __len__(self):
        return len(self._data)


EMBEDDINGS = TTLCache(ttl_s=900.0)
