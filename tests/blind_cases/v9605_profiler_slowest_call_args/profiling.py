"""Lightweight call profiler: per-function timing plus a replayable slowest call."""
import functools
import statistics
import time
from dataclasses import dataclass, field


@dataclass
class CallRecord:
    elapsed: float
    args: tuple
    kwargs: dict


@dataclass
class CallStats:
    name: str
    timings: list = field(default_factory=list)
    slowest: CallRecord = None

    def observe(self, elapsed, args, kwargs):
        self.timings.append(elapsed)
        if self.slowest is None or elapsed > self.slowest.elapsed:
            self.slowest = CallRecord(elapsed, args, kwargs)  # retain

    def summary(self):
        if not self.timings:
            return f"{self.name}: no calls"
        med = statistics.median(self.timings) * 1e3
        return f"{self.name}: {len(self.timings)} calls, median {med:.2f} ms, max {max(self.timings) * 1e3:.2f} ms"


REGISTRY = {}


def profile_calls(fn):
    stats = REGISTRY.setdefault(fn.__qualname__, CallStats(fn.__qualname__))

    @functools.wraps(fn)
    def wrapper(*args, **kwargs):
        start = time.perf_counter()
        try:
            return fn(*args, **kwargs)
        finally:
            stats.observe(time.perf_counter() - start, args, kwargs)

    wrapper.stats = stats
    return wrapper
