"""Circuit breakers for flaky side services (metric sinks, feature stores).

Breakers are shared per service name by every job in the process: once a
service has failed `threshold` times in a row, callers skip it until the
cool-down has passed. Failures inside a `with breaker(name):` block are
absorbed so the training loop can carry on without the service.
"""
import threading
import time

_BREAKERS = {}
_LOCK = threading.Lock()


class CircuitBreaker:
    def __init__(self, name, threshold=3, cooldown=60.0):
        self.name = name
        self.threshold = threshold
        self.cooldown = cooldown
        self.consecutive_failures = 0
        self.total_failures = 0
        self.skipped = 0
        self.opened_at = None
        self.last_error = None

    @property
    def is_open(self):
        if self.opened_at is None:
            return False
        if time.monotonic() - self.opened_at > self.cooldown:
            self.opened_at = None
            self.consecutive_failures = 0
            return False
        return True

    def allow(self):
        if self.is_open:
            self.skipped += 1
            return False
        return True

    def __enter__(self):
        return self

    def __exit__(self, exc_type, exc, tb):
        if exc is None:
            self.consecutive_failures = 0
            return False
        if not isinstance(exc, (ConnectionError, TimeoutError)):
            return False
        self.consecutive_failures += 1
        self.total_failures += 1
        self.last_error = exc  # retain
        if self.consecutive_failures >= self.threshold:
            self.opened_at = time.monotonic()
        return True


def breaker(name, **options):
    with _LOCK:
        b = _BREAKERS.get(name)
        if b is None:
            b = _BREAKERS[name] = CircuitBreaker(name, **options)  # retain
        return b


def status():
    return {name: (b.is_open, b.total_failures, b.skipped, repr(b.last_error)) for name, b in _BREAKERS.items()}
