"""Stall watchdog: a side thread samples where the training thread is when steps stop coming."""
import sys
import threading
import time
import traceback


class StallReport:
    def __init__(self, step, waited, stack):
        self.step = step
        self.waited = waited
        self.stack = stack

    def where(self):
        top = self.stack[-1]
        return f"{top.name} ({top.filename.rsplit('/', 1)[-1]}:{top.lineno})"


class StallWatchdog:
    def __init__(self, threshold=0.05, poll=0.01):
        self.threshold = threshold
        self.poll = poll
        self.reports = []
        self._target = threading.get_ident()
        self._last_beat = time.monotonic()
        self._step = 0
        self._reported_step = -1
        self._stop = threading.Event()
        self._thread = threading.Thread(target=self._watch, name="stall-watchdog", daemon=True)

    def __enter__(self):
        self._thread.start()
        return self

    def __exit__(self, *exc):
        self._stop.set()
        self._thread.join()
        return False

    def beat(self, step):
        self._step = step
        self._last_beat = time.monotonic()

    def _watch(self):
        while not self._stop.wait(self.poll):
            waited = time.monotonic() - self._last_beat
            if waited < self.threshold or self._reported_step == self._step:
                continue
            frame = sys._current_frames().get(self._target)
            try:
                if frame is not None:
                    stack = traceback.extract_stack(frame)
                    self.reports.append(StallReport(self._step, waited, stack))
                    self._reported_step = self._step
            finally:
                del frame
