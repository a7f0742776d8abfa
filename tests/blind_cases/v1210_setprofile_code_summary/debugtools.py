"""Lightweight call timing for debugging slow evaluation steps."""
import sys
import time


class SlowCallTracer:
    """Times calls of the watched functions and remembers where the slowest one returned."""

    def __init__(self, watched):
        self.watched = set(watched)
        self.calls = 0
        self.total = 0.0
        self.slowest = None
        self._starts = {}
        self._previous = None

    def _on_event(self, frame, event, arg):
        if frame.f_code.co_name not in self.watched:
            return
        if event == "call":
            self._starts[id(frame)] = time.perf_counter()
        elif event == "return":
            start = self._starts.pop(id(frame), None)
            if start is None:
                return
            elapsed = time.perf_counter() - start
            self.calls += 1
            self.total += elapsed
            if self.slowest is None or elapsed > self.slowest[0]:
                self.slowest = (elapsed, frame.f_code, frame.f_lineno)

    def __enter__(self):
        self._previous = sys.getprofile()
        sys.setprofile(self._on_event)
        return self

    def __exit__(self, *exc):
        sys.setprofile(self._previous)
        self._previous = None
        return False

    def report(self):
        if self.slowest is None:
            return "no calls traced"
        elapsed, code, lineno = self.slowest
        where = f"{code.co_qualname}:{lineno}"
        return f"{self.calls} calls, mean {1e3 * self.total / self.calls:.2f} ms, slowest {where} ({1e3 * elapsed:.2f} ms)"
