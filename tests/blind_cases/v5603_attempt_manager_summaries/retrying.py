"""Small tenacity-style retry helper: ``for attempt in Retrying(...): with attempt: ...``."""
import time
from dataclasses import dataclass


@dataclass
class AttemptFailure:
    number: int
    error_type: str
    message: str
    elapsed: float


class RetryError(Exception):
    def __init__(self, state):
        super().__init__(f"gave up after {state.attempt_number} attempts: {state.last_failure}")
        self.failures = list(state.failures)


class RetryState:
    def __init__(self, retry_on):
        self.retry_on = retry_on
        self.attempt_number = 0
        self.started = time.monotonic()
        self.failures = []
        self.succeeded = False

    @property
    def last_failure(self):
        return self.failures[-1] if self.failures else None


class AttemptManager:
    def __init__(self, retry_state):
        self.retry_state = retry_state

    def __enter__(self):
        return self.retry_state

    def __exit__(self, exc_type, exc_value, tb):
        state = self.retry_state
        if exc_type is None:
            state.succeeded = True
            return False
        if not issubclass(exc_type, state.retry_on):
            return False
        elapsed = time.monotonic() - state.started
        state.failures.append(AttemptFailure(state.attempt_number, exc_type.__name__, str(exc_value), elapsed))
        return True


class Retrying:
    def __init__(self, retry_on=(RuntimeError,), max_attempts=3, before_retry=None):
        self.retry_on = retry_on
        self.max_attempts = max_attempts
        self.before_retry = before_retry

    def __iter__(self):
        state = RetryState(self.retry_on)
        while True:
            state.attempt_number += 1
            yield AttemptManager(state)
            if state.succeeded:
                return
            if state.attempt_number >= self.max_attempts:
                raise RetryError(state)
            if self.before_retry is not None:
                self.before_retry(state)
