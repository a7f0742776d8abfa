"""Named stopwatches for step functions; disabled stopwatches hand the function back as is."""
import functools
import os
import time
from collections import defaultdict


class Stopwatch:
    def __init__(self, enabled=None):
        if enabled is None:
            enabled = os.environ.get("FOLD_TIMING", "0") == "1"
        self.enabled = enabled
        self.elapsed = defaultdict(float)
        self.calls = defaultdict(int)

    def wrap(self, label):
        def decorate(fn):
            if not self.enabled:
                return fn
            elapsed, calls = self.elapsed, self.calls

            @functools.wraps(fn)
            def timed_fn(*args, **kwargs):
                start = time.perf_counter()
                try:
                    return fn(*args, **kwargs)
                finally:
                    elapsed[label] += time.perf_counter() - start
                    calls[label] += 1
            return timed_fn
        return decorate

    def table(self):
        return {k: f"{self.calls[k]}x {v * 1e3:.2f}ms" for k, v in self.elapsed.items()}


GLOBAL_WATCH = Stopwatch()
FORCED_WATCH = Stopwatch(enabled=True)
