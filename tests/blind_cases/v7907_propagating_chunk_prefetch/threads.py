"""Thread helpers shared by the data and checkpoint code."""
import threading


class PropagatingThread(threading.Thread):
    """Thread whose join() returns the target's result and re-raises its exception."""

    def run(self):
        self.exc = None
        self.ret = None
        try:
            self.ret = self._target(*self._args, **self._kwargs)
        except BaseException as e:
            self.exc = e

    def join(self, timeout=None):
        super().join(timeout)
        if self.exc is not None:
            raise self.exc
        return self.ret
