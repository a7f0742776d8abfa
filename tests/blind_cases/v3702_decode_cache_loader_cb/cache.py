"""Bounded in-memory cache for decoded samples."""
from collections import OrderedDict


class DecodeCache:
    """LRU cache in front of an expensive decode function."""

    def __init__(self, load, capacity=64):
        self._load = load  # cycle
        self.capacity = capacity
        self._entries = OrderedDict()
        self.hits = 0
        self.misses = 0

    def get(self, key):
        if key in self._entries:
            self._entries.move_to_end(key)
            self.hits += 1
            return self._entries[key]
        self.misses += 1
        value = self._load(key)
        self._entries[key] = value
        if len(self._entries) > self.capacity:
            self._entries.popitem(last=False)
        return value

    @property
    def hit_rate(self):
        total = self.hits + self.misses
        return self.hits / total if total else 0.0
