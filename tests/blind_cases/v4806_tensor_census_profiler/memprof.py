"""Process-wide tensor census: which tensors are alive after each profiled step."""
import functools
import gc
import time
from dataclasses import dataclass, field

import torch


@dataclass
class Census:
    label: str
    step: int
    live_count: int
    live_bytes: int
    seconds: float
    largest: list = field(default_factory=list)

    def describe(self):
        shapes = ", ".join(f"{tuple(t.shape)}" for t in self.largest)
        return f"{self.label}#{self.step}: {self.live_count} tensors, {self.live_bytes / 1024:.1f} KiB [{shapes}]"


class TensorCensus:
    def __init__(self, top_k=4, enabled=True):
        self.top_k = top_k
        self.enabled = enabled
        self.history = []
        self._counters = {}

    @staticmethod
    def _live_tensors():
        found = []
        for obj in gc.get_objects():
            try:
                if torch.is_tensor(obj):
                    found.append(obj)
            except ReferenceError:
                continue
        return found

    def take(self, label, seconds=0.0):
        step = self._counters[label] = self._counters.get(label, 0) + 1
        tensors = self._live_tensors()
        nbytes = sum(t.element_size() * t.nelement() for t in tensors)
        largest = sorted(tensors, key=lambda t: t.nelement(), reverse=True)[: self.top_k]
        record = Census(label, step, len(tensors), nbytes, seconds, largest)
        self.history.append(record)  # retain
        return record

    def profile(self, label):
        def deco(fn):
            @functools.wraps(fn)
            def wrapper(*args, **kwargs):
                if not self.enabled:
                    return fn(*args, **kwargs)
                start = time.perf_counter()
                result = fn(*args, **kwargs)
                self.take(label, time.perf_counter() - start)
                return result
            return wrapper
        return deco

    def peak(self):
        return max(self.history, key=lambda c: c.live_bytes, default=None)


PROFILER = TensorCensus()
