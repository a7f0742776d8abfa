"""Line-level timer for selected functions (sys.settrace based, no third-party deps)."""
import functools
import sys
import time
from collections import Counter, defaultdict


class _CallState:
    __slots__ = ("code", "line", "stamp")

    def __init__(self, code, line):
        self.code = code
        self.line = line
        self.stamp = time.perf_counter()


class LineTimer:
    def __init__(self, targets, clock=time.perf_counter):
        self.codes = {getattr(t, "__code__", t) for t in targets}
        self.clock = clock
        self.seconds = defaultdict(float)
        self.hits = Counter()
        self._saved = None

    def _on_call(self, frame, event, arg):
        if event != "call" or frame.f_code not in self.codes:
            return None
        state = _CallState(frame.f_code, frame.f_lineno)
        return functools.partial(self._on_event, state)

    def _on_event(self, state, frame, event, arg):
        now = self.clock()
        key = (state.code.co_name, state.line)
        self.seconds[key] += now - state.stamp
        self.hits[key] += 1
        state.line = frame.f_lineno
        state.stamp = self.clock()
        return functools.partial(self._on_event, state)

    def start(self):
        self._saved = sys.gettrace()
        sys.settrace(self._on_call)

    def stop(self):
        sys.settrace(self._saved)
        self._saved = None

    def summary(self, top=3):
        ranked = sorted(self.seconds, key=self.seconds.get, reverse=True)[:top]
        return {f"{name}:{line}": round(self.seconds[(name, line)] * 1e3, 3) for name, line in ranked}
