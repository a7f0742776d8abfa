"""Opt-in wall-clock timing of hot functions (set STEP_TIMING=1 to enable globally)."""
import functools
import os
import statistics
import time
from collections import defaultdict

TIMINGS = defaultdict(list)


def timing_enabled(override=None):
    if override is not None:
        return bool(override)
    return os.environ.get("STEP_TIMING", "0") == "1"


def timed(label=None, enabled=None):
    def decorate(fn):
        name = label or fn.__qualname__
        if timing_enabled(enabled):
            def wrapper(*args, **kwargs):
                started = time.perf_counter()
                try:
                    return fn(*args, **kwargs)
                finally:
                    TIMINGS[name].append(time.perf_counter() - started)
        else:
            wrapper = fn
        return functools.update_wrapper(wrapper, fn)  # cycle
    return decorate


def summary():
    return {name: (len(v), statistics.fmean(v) * 1e3) for name, v in TIMINGS.items() if v}
