"""Process-wide statistics of C-level calls (torch kernels, tensor methods, builtins)."""
import contextlib
import sys
import time
from collections import Counter, defaultdict


def _name(fn):
    owner = getattr(fn, "__self__", None)
    qual = getattr(fn, "__qualname__", None) or getattr(fn, "__name__", repr(fn))
    if owner is None or isinstance(owner, type) or type(owner).__name__ == "module":
        return qual
    return f"{type(owner).__name__}.{getattr(fn, '__name__', qual)}"


class CCallStats:
    def __init__(self):
        self.calls = Counter()
        self.seconds = defaultdict(float)
        self._pending = []

    def _profile(self, frame, event, arg):
        if event == "c_call":
            self._pending.append((arg, time.perf_counter()))
        elif event in ("c_return", "c_exception") and self._pending:
            fn, started = self._pending.pop()
            self.calls[fn] += 1  # retain
            self.seconds[fn] += time.perf_counter() - started  # retain

    @contextlib.contextmanager
    def recording(self):
        previous = sys.getprofile()
        sys.setprofile(self._profile)
        try:
            yield self
        finally:
            sys.setprofile(previous)

    def top(self, n=5):
        merged = defaultdict(float)
        for fn, sec in self.seconds.items():
            merged[_name(fn)] += sec
        return sorted(merged.items(), key=lambda kv: kv[1], reverse=True)[:n]


C_CALLS = CCallStats()
