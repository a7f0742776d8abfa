"""Lightweight per-instance method timing for model code."""
import functools
import time


class timed:
    """Method decorator that accumulates wall-clock time per instance.

    The bound wrapper is memoised in the instance ``__dict__`` on first
    access, so later calls skip the descriptor protocol entirely.
    """

    def __init__(self, fn):
        functools.update_wrapper(self, fn)
        self.fn = fn
        self.attr = fn.__name__

    def __set_name__(self, owner, name):
        self.attr = name

    def _invoke(self, obj, *args, **kwargs):
        t0 = time.perf_counter()
        try:
            return self.fn(obj, *args, **kwargs)
        finally:
            stats = obj.__dict__.setdefault("_timings", {})
            total, calls = stats.get(self.attr, (0.0, 0))
            stats[self.attr] = (total + time.perf_counter() - t0, calls + 1)

    def __get__(self, obj, objtype=None):
        if obj is None:
            return self
        bound = functools.partial(self._invoke, obj)
        functools.update_wrapper(bound, self.fn)
        obj.__dict__[self.attr] = bound  # cycle
        return bound


def report(obj):
    rows = getattr(obj, "_timings", {})
    return ", ".join("%s: %d calls %.2f ms" % (k, n, 1e3 * t) for k, (t, n) in sorted(rows.items()))
