"""Bounded memo table for tensors that are deterministic functions of a few arguments.

Entries are keyed by the builder together with its arguments, so one cache
can serve several kinds of tables.
"""
import collections

import torch


class RecomputeCache:
    def __init__(self, max_entries=16):
        self.max_entries = max_entries
        self._entries = collections.OrderedDict()  # cycle
        self.hits = 0
        self.misses = 0

    def get(self, builder, *args):
        key = (builder,) + args  # cycle
        if key in self._entries:
            self._entries.move_to_end(key)
            self.hits += 1
            return self._entries[key]
        self.misses += 1
        with torch.no_grad():
            value = builder(*args)
        self._entries[key] = value  # cycle
        while len(self._entries) > self.max_entries:
            self._entries.popitem(last=False)
        return value

    def clear(self):
        self._entries.clear()

    def __repr__(self):
        return f"RecomputeCache(size={len(self._entries)}, hits={self.hits}, misses={self.misses})"
