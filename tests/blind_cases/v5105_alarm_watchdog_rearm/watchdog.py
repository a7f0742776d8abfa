"""Hang detector for training epochs based on SIGALRM and an interval timer."""
import signal
import sys
import traceback


class EpochTimeout(RuntimeError):
    pass


class AlarmWatchdog:
    def __init__(self, trainer, timeout_s):
        self.trainer = trainer
        self.timeout_s = timeout_s
        self._previous = signal.SIG_DFL
        self.fired = 0

    def _on_timeout(self, signum, frame):
        self.fired += 1
        state = self.trainer.state_summary()
        sys.stderr.write(f"epoch exceeded {self.timeout_s}s at {state}\n")
        traceback.print_stack(frame, limit=4, file=sys.stderr)
        raise EpochTimeout(state)

    def arm(self):
        self._previous = signal.signal(signal.SIGALRM, self._on_timeout)  # retain
        signal.setitimer(signal.ITIMER_REAL, self.timeout_s)

    def disarm(self):
        signal.setitimer(signal.ITIMER_REAL, 0)
        signal.signal(signal.SIGALRM, self._previous)  # retain
