"""Outcome counters and latency histograms, fed from future done-callbacks."""
import bisect
import threading
import time
from collections import Counter

BUCKETS_MS = (1, 2, 5, 10, 25, 50, 100, 250)


class RouteMetrics:
    def __init__(self):
        self._lock = threading.Lock()
        self.outcomes = Counter()
        self.histogram = [0] * (len(BUCKETS_MS) + 1)

    def observe(self, outcome, latency_ms):
        with self._lock:
            self.outcomes[outcome] += 1
            self.histogram[bisect.bisect_left(BUCKETS_MS, latency_ms)] += 1

    def snapshot(self):
        with self._lock:
            return dict(self.outcomes), list(self.histogram)


def record_outcome(metrics, request_id, started, fut):
    if fut.cancelled():
        outcome = "cancelled"
    elif fut.exception() is not None:
        outcome = "error"
    else:
        outcome = "ok"
    metrics.observe(outcome, (time.perf_counter() - started) * 1e3)
    return request_id
