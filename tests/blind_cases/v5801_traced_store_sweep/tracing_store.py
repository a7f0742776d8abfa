"""c10d store wrapper that records when each rank reaches a store-based barrier."""
import time

import torch.distributed as dist


class BarrierTraceStore(dist.Store):
    def __init__(self, inner, run):
        super().__init__()
        self._inner = inner
        self.run = run  # retain
        self.arrivals = []

    def _note(self, op, key):
        if "barrier" in key:
            self.arrivals.append((op, key, self.run.name, time.perf_counter()))

    def set(self, key, value):
        return self._inner.set(key, value)

    def get(self, key):
        return self._inner.get(key)

    def add(self, key, amount):
        self._note("add", key)
        return self._inner.add(key, amount)

    def wait(self, keys, timeout=None):
        for key in keys:
            self._note("wait", key)
        if timeout is None:
            return self._inner.wait(keys)
        return self._inner.wait(keys, timeout)

    def check(self, keys):
        return self._inner.check(keys)

    def compare_set(self, key, expected, desired):
        return self._inner.compare_set(key, expected, desired)

    def delete_key(self, key):
        return self._inner.delete_key(key)

    def num_keys(self):
        return self._inner.num_keys()
