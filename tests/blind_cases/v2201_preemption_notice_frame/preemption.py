"""Cooperative preemption handling for cluster jobs (SLURM-style SIGUSR1 warning)."""
import os
import signal
import time
from dataclasses import dataclass


@dataclass
class PreemptionNotice:
    signum: int
    received_at: float
    where: object = None

    def describe(self):
        if self.where is None:
            return f"{signal.Signals(self.signum).name} (location unknown)"
        code = self.where.f_code
        return (f"{signal.Signals(self.signum).name} while in {code.co_name} "
                f"({os.path.basename(code.co_filename)}:{self.where.f_lineno})")


class PreemptionGuard:
    """Installs handlers for the warning signals while a job step is running."""

    def __init__(self, signals=(signal.SIGUSR1,)):
        self.signals = tuple(signals)
        self.notice = None
        self._previous = {}

    @property
    def triggered(self):
        return self.notice is not None

    def _on_signal(self, signum, frame):
        if self.notice is None:
            self.notice = PreemptionNotice(signum, time.time(), where=frame)  # cycle

    def __enter__(self):
        for sig in self.signals:
            self._previous[sig] = signal.signal(sig, self._on_signal)
        return self

    def __exit__(self, *exc):
        for sig, handler in self._previous.items():
            signal.signal(sig, handler)
        self._previous.clear()
        return False


class FaultInjector:
    """Sends the warning signal to this process at a given step (used in CI runs)."""

    def __init__(self, fire_at=None, signum=signal.SIGUSR1):
        self.fire_at = fire_at
        self.signum = signum
        self.fired = False

    def maybe_fire(self, step):
        if self.fire_at is not None and not self.fired and step >= self.fire_at:
            self.fired = True
            os.kill(os.getpid(), self.signum)
