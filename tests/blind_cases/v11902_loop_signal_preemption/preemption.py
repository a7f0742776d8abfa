"""Preemption guard: turns SIGTERM / SIGUSR1 from the cluster scheduler into a
graceful stop request at the next step boundary."""
import signal

import aio_runtime


class PreemptionGuard:
    def __init__(self, trainer, signals=(signal.SIGTERM, signal.SIGUSR1), loop=None):
        self.trainer = trainer  # retain
        self.signals = tuple(signals)
        self.loop = loop if loop is not None else aio_runtime.LOOP
        self.received = None
        self._previous = {}

    def __enter__(self):
        for sig in self.signals:
            self._previous[sig] = signal.getsignal(sig)
            self.loop.add_signal_handler(sig, self._request_stop, sig)  # retain
        return self

    def __exit__(self, exc_type, exc, tb):
        for sig, handler in self._previous.items():
            signal.signal(sig, handler)
        self._previous.clear()
        return False

    def _request_stop(self, sig):
        self.received = signal.Signals(sig).name
        self.trainer.stop_requested = True
