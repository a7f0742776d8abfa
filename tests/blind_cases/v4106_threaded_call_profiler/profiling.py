"""Wall-clock profiler for module forward calls, across the main and loader threads."""
import sys
import threading
import time
from collections import defaultdict


class ForwardProfiler:
    def __init__(self, model, extra_functions=()):
        self.model = model
        self._names = {}
        for name, module in model.named_modules():
            code = type(module).forward.__code__
            self._names.setdefault(code, type(module).__name__)
        for fn in extra_functions:
            self._names[fn.__code__] = fn.__name__
        self._stacks = defaultdict(list)
        self.totals = defaultdict(float)
        self.calls = defaultdict(int)
        self.active = False

    def _on_event(self, frame, event, arg):
        if event == "call":
            name = self._names.get(frame.f_code)
            if name is not None:
                self._stacks[threading.get_ident()].append((name, time.perf_counter()))
        elif event == "return" and frame.f_code in self._names:
            stack = self._stacks[threading.get_ident()]
            if stack:
                name, started = stack.pop()
                self.totals[name] += time.perf_counter() - started
                self.calls[name] += 1

    def start(self):
        self.active = True
        threading.setprofile(self._on_event)  # retain
        sys.setprofile(self._on_event)
        return self

    def stop(self):
        sys.setprofile(None)
        self.active = False

    def report(self, top=5):
        rows = sorted(self.totals.items(), key=lambda kv: kv[1], reverse=True)[:top]
        return [f"{name:<14}{self.calls[name]:>5} calls {1e3 * t:8.3f} ms" for name, t in rows]
