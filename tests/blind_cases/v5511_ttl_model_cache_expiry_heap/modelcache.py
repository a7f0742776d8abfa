"""Process-wide TTL cache of loaded models, shared by all request handlers."""
import heapq
import itertools
import threading
import time


class TTLModelCache:
    def __init__(self, ttl_s=900.0, clock=time.monotonic):
        self.ttl_s = ttl_s
        self._clock = clock
        self._lock = threading.Lock()
        self._entries = {}
        self._expiry = []
        self._seq = itertools.count()
        self.hits = self.misses = 0

    def put(self, name, model):
        with self._lock:
            expires_at = self._clock() + self.ttl_s
            self._entries[name] = (expires_at, model)
            heapq.heappush(self._expiry, (expires_at, next(self._seq), name, model))  # retain
            self._evict_expired()

    def get(self, name, loader):
        with self._lock:
            self._evict_expired()
            entry = self._entries.get(name)
        if entry is not None:
            self.hits += 1
            return entry[1]
        self.misses += 1
        model = loader(name)
        self.put(name, model)
        return model

    def invalidate(self, name):
        with self._lock:
            self._entries.pop(name, None)

    def _evict_expired(self):
        now = self._clock()
        while self._expiry and self._expiry[0][0] <= now:
            _, _, name, model = heapq.heappop(self._expiry)
            current = self._entries.get(name)
            if current is not None and current[1] is model:
                del self._entries[name]


MODELS = TTLModelCache()
