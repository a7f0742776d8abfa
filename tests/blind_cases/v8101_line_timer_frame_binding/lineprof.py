"""Minimal line profiler for hot training functions, built on sys.settrace."""
import sys
import time
from collections import defaultdict


class _FrameTimer:
    """Local trace function for one call: charges elapsed time to the previous line."""

    def __init__(self, profiler, frame):
        self.profiler = profiler
        self.frame = frame  # cycle
        self.code = frame.f_code
        self.last_line = frame.f_lineno
        self.last_time = time.perf_counter()

    def __call__(self, frame, event, arg):
        now = time.perf_counter()
        self.profiler.record(self.code, self.last_line, now - self.last_time)
        if event == "line":
            self.last_line = self.frame.f_lineno
        self.last_time = time.perf_counter()
        return self


class LineProfiler:
    def __init__(self, *functions):
        self.codes = {fn.__code__ for fn in functions}
        self.seconds = defaultdict(float)
        self.hits = defaultdict(int)
        self._previous = None

    def _dispatch(self, frame, event, arg):
        if event == "call" and frame.f_code in self.codes:
            return _FrameTimer(self, frame)  # cycle
        return None

    def record(self, code, lineno, elapsed):
        key = (code.co_name, lineno)
        self.seconds[key] += elapsed
        self.hits[key] += 1

    def __enter__(self):
        self._previous = sys.gettrace()
        sys.settrace(self._dispatch)
        return self

    def __exit__(self, *exc):
        sys.settrace(self._previous)
        return False

    def report(self, top=5):
        rows = sorted(self.seconds.items(), key=lambda kv: kv[1], reverse=True)[:top]
        return [f"{name}:{line} hits={self.hits[(name, line)]} {sec * 1e3:.2f}ms"
                for (name, line), sec in rows]
