"""Preemption guard: turns SIGTERM / SIGUSR1 from the cluster scheduler into a
graceful stop request at the next step boundary."""
import signal

import aio_runtime


class PreemptionGuard:
    def __init__(self, trainer, signals=(signal.SIGTERM, signal.SIGUSR1), loop=None):
        self.trainer = trainer
        self.signals = tuple(signals)
        self.loop = loop if loop is not None else aio_runtime.LOOP
        self.received = None
        self._installed = []

    def __enter__(self):
        for sig in self.signals:
            self.loop.add_signal_handler(sig, self._request_stop, sig)
            self._installed.append(sig)
        return self

    def __exit__(self, exc_type, exc, tb):
        while self._installed:
            self.loop.remove_signal_handler(self._installed.pop())
        return False

    def _request_stop(self, sig):
        self.received = signal.Signals(sig).name
        self.trainer.stop_requested = True
