"""Latency bookkeeping for the model server."""
import statistics
from collections import defaultdict


class LatencyTracker:
    def __init__(self, window=512):
        self.window = window
        self._samples = defaultdict(list)
        self.failures = 0

    def observe(self, route, seconds, ok=True):
        bucket = self._samples[route]
        bucket.append(seconds * 1000.0)
        if len(bucket) > self.window:
            del bucket[: len(bucket) - self.window]
        if not ok:
            self.failures += 1

    def percentile(self, route, q):
        data = sorted(self._samples.get(route, ()))
        if not data:
            return 0.0
        idx = min(len(data) - 1, int(round(q * (len(data) - 1))))
        return data[idx]

    def summary(self, route):
        data = self._samples.get(route, ())
        return {
            "count": len(data),
            "p50_ms": self.percentile(route, 0.5),
            "p95_ms": self.percentile(route, 0.95),
            "mean_ms": statistics.fmean(data) if data else 0.0,
        }
