"""Two-level LRU cache for serving embedding rows (hot tier over a warm tier).

Rows evicted from a tier spill into the tier below; a hit in a lower tier is
promoted to the tier above; invalidations start at the bottom tier and are
propagated upwards.
"""
from collections import OrderedDict


class CacheTier:
    def __init__(self, name, capacity):
        self.name = name
        self.capacity = capacity
        self.rows = OrderedDict()
        self.upper = None
        self.lower = None
        self.hits = 0
        self.misses = 0

    def attach_below(self, lower):
        self.lower = lower  # cycle
        lower.upper = self  # cycle
        return lower

    def get(self, key):
        if key in self.rows:
            self.hits += 1
            self.rows.move_to_end(key)
            return self.rows[key]
        self.misses += 1
        row = self.lower.get(key) if self.lower is not None else None
        if row is not None:
            self.put(key, row)
        return row

    def put(self, key, row):
        self.rows[key] = row
        self.rows.move_to_end(key)
        while len(self.rows) > self.capacity:
            old_key, old_row = self.rows.popitem(last=False)
            if self.lower is not None:
                self.lower.put(old_key, old_row)

    def invalidate(self, key):
        self.rows.pop(key, None)
        if self.upper is not None:
            self.upper.invalidate(key)


def build_hierarchy(hot_capacity, warm_capacity):
    hot = CacheTier("hot", hot_capacity)
    hot.attach_below(CacheTier("warm", warm_capacity))
    return hot
