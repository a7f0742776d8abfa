"""Graceful shutdown on SIGTERM: stop at the next step boundary and run registered save actions."""
import logging
import signal
import threading

log = logging.getLogger("shutdown")


class GracefulShutdown:
    def __init__(self, signum=signal.SIGTERM):
        self.signum = signum
        self.requested = threading.Event()
        self._actions = []
        self._previous = None

    def add_action(self, fn):
        self._actions.append(fn)
        return fn

    def _on_signal(self, signum, frame):
        log.warning("signal %d received, finishing current step", signum)
        self.requested.set()

    def run_actions(self):
        for fn in reversed(self._actions):
            fn()

    def __enter__(self):
        self._previous = signal.signal(self.signum, self._on_signal)  # retain
        return self

    def __exit__(self, exc_type, exc, tb):
        if signal.getsignal(self.signum) is self._on_signal:
            signal.signal(self.signum, self._previous)
        if self.requested.is_set():
            self.run_actions()
        return False
