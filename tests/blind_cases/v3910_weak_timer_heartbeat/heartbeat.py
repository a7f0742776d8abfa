"""Re-arming threading.Timer heartbeat that reports a trainer's status without owning it."""
import threading
import time
import weakref


def _beat(ref):
    hb = ref()
    if hb is None:
        return
    hb._tick()
    hb._schedule()


class Heartbeat:
    def __init__(self, status_fn, interval=0.004):
        self.interval = interval
        self._status = weakref.WeakMethod(status_fn)
        self._lock = threading.Lock()
        self._stopped = False
        self._timer = None
        self.records = []

    def _tick(self):
        status = self._status()
        if status is not None:
            self.records.append((time.monotonic(), status()))

    def _schedule(self):
        with self._lock:
            if self._stopped:
                return
            timer = threading.Timer(self.interval, _beat, args=(weakref.ref(self),))
            timer.daemon = True
            self._timer = timer
            timer.start()

    def start(self):
        self._schedule()
        return self

    def stop(self):
        with self._lock:
            self._stopped = True
            timer, self._timer = self._timer, None
        if timer is not None:
            timer.cancel()
            timer.join()
        return len(self.records)
