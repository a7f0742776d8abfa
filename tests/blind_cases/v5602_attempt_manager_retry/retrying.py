"""Small tenacity-style retry helper: ``for attempt in Retrying(...): with attempt: ...``."""
import time


class RetryError(Exception):
    def __init__(self, state):
        super().__init__(f"gave up after {state.attempt_number} attempts")
        self.state = state


class RetryState:
    def __init__(self, retry_on):
        self.retry_on = retry_on
        self.attempt_number = 0
        self.started = time.monotonic()
        self.failures = []  # cycle
        self.succeeded = False

    @property
    def last_failure(self):
        return self.failures[-1] if self.failures else None


class AttemptManager:
    def __init__(self, retry_state):
        self.retry_state = retry_state  # cycle

    def __enter__(self):
        return self.retry_state

    def __exit__(self, exc_type, exc_value, tb):
        if exc_type is None:
            self.retry_state.succeeded = True
            return False
        if not issubclass(exc_type, self.retry_state.retry_on):
            return False
        self.retry_state.failures.append(exc_value)  # cycle
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
                raise RetryError(state) from state.last_failure
            if self.before_retry is not None:
                self.before_retry(state)
