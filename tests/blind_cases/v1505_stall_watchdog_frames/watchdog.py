"""Background watchdog that samples where the training thread currently is."""
import sys
import threading
import time


class StallWatchdog:
    """Samples the watched thread's stack every ``interval`` seconds.

    The most recent sample is kept so that a stall report can show where the
    loop was when progress stopped.
    """

    def __init__(self, interval=0.005, stall_after=30.0):
        self.interval = interval
        self.stall_after = stall_after
        self.last_sample = None
        self.samples = 0
        self._last_beat = time.monotonic()
        self._target_ident = None
        self._stop = threading.Event()
        self._thread = None

    def start(self):
        self._target_ident = threading.get_ident()
        self._stop.clear()
        self._thread = threading.Thread(target=self._run, name="stall-watchdog", daemon=True)
        self._thread.start()

    def beat(self):
        self._last_beat = time.monotonic()

    def _run(self):
        while True:
            frame = sys._current_frames().get(self._target_ident)
            if frame is not None:
                self.last_sample = frame  # cycle
                self.samples += 1
            frame = None
            if time.monotonic() - self._last_beat > self.stall_after:
                self.report()
            if self._stop.wait(self.interval):
                break

    def report(self):
        frame, depth = self.last_sample, 0
        while frame is not None and depth < 8:
            print(f"  {frame.f_code.co_filename}:{frame.f_lineno} {frame.f_code.co_name}", file=sys.stderr)
            frame, depth = frame.f_back, depth + 1

    def stop(self):
        self._stop.set()
        if self._thread is not None:
            self._thread.join()
            self._thread = None
