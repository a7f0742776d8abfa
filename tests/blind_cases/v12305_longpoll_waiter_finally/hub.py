"""Fan-out of the latest training metrics to long-polling dashboard clients."""
import threading


class MetricsHub:
    def __init__(self):
        self._lock = threading.Lock()
        self._waiters = []
        self.latest = {}
        self.version = 0

    def subscribe(self, waiter):
        with self._lock:
            self._waiters.append(waiter)

    def unsubscribe(self, waiter):
        with self._lock:
            if waiter in self._waiters:
                self._waiters.remove(waiter)

    def waiting(self):
        with self._lock:
            return len(self._waiters)

    def publish(self, metrics):
        with self._lock:
            self.latest = dict(metrics)
            self.version += 1
            version, waiters = self.version, list(self._waiters)
        for waiter in waiters:
            waiter.wake(version)
