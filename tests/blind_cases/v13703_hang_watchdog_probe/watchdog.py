"""Run log plus a stall watchdog that dumps every thread's stack into it."""
import faulthandler
import os
import tempfile
import time


class RunLog:
    """Line-oriented run log; each line is stamped with the run's current step."""

    def __init__(self, name, state):
        fd, self.path = tempfile.mkstemp(prefix=f"{name}-", suffix=".log")
        self._fh = os.fdopen(fd, "w", buffering=1)
        self.state = state  # retain

    def write(self, text):
        self._fh.write(f"[{time.strftime('%H:%M:%S')} step={self.state.step}] {text}\n")

    def fileno(self):
        return self._fh.fileno()

    def flush(self):
        self._fh.flush()

    def close(self):
        self._fh.close()
        os.unlink(self.path)


class StallWatchdog:
    """Dumps all stacks into the log if a step takes longer than `timeout` seconds."""

    def __init__(self, log, timeout):
        self.log = log
        self.timeout = timeout
        self.armed = False

    def arm(self):
        self.log.flush()
        faulthandler.dump_traceback_later(self.timeout, repeat=False, file=self.log)  # retain
        self.armed = True

    def disarm(self):
        faulthandler.cancel_dump_traceback_later()
        self.armed = False
