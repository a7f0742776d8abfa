"""Process-wide pool of padded batch buffers.

Allocating a fresh (batch, max_len, dim) tensor for every collated batch
fragments the allocator on long runs, so collators borrow buffers from POOL
and hand them back once the step is done.
"""
import collections
import dataclasses
import time

import torch


@dataclasses.dataclass
class Lease:
    buffer: torch.Tensor
    key: tuple
    owner: object
    since: float


class BufferPool:
    def __init__(self, max_free_per_key=4):
        self.max_free_per_key = max_free_per_key
        self._free = collections.defaultdict(list)
        self._leased = {}
        self.hits = 0
        self.misses = 0

    def acquire(self, shape, dtype=torch.float32, owner=None):
        key = (tuple(shape), dtype)
        free = self._free[key]
        if free:
            buf = free.pop()
            self.hits += 1
        else:
            buf = torch.empty(key[0], dtype=dtype)
            self.misses += 1
        self._leased[id(buf)] = Lease(buf, key, owner, time.monotonic())
        return buf

    def release(self, tensor):
        while tensor._base is not None:
            tensor = tensor._base
        lease = self._leased.pop(id(tensor), None)
        if lease is None:
            return False
        free = self._free[lease.key]
        if len(free) < self.max_free_per_key:
            free.append(lease.buffer)
        return True

    def trim(self):
        self._free.clear()

    def outstanding(self):
        return len(self._leased)


POOL = BufferPool()
