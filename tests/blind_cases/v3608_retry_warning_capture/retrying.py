"""Retry decorator for steps that can fail transiently (collective timeouts, flaky storage)."""
import functools
import time
import warnings


class RetryWarning(UserWarning):
    """Emitted for every failed attempt that is going to be retried."""

    def __init__(self, target, attempt, error):
        super().__init__(f"{target}: attempt {attempt} failed ({type(error).__name__}: {error}); retrying")
        self.target = target
        self.attempt = attempt
        self.error = error


def retry(times=3, exceptions=(RuntimeError,), backoff_s=0.0):
    def decorate(fn):
        @functools.wraps(fn)
        def wrapper(*args, **kwargs):
            for attempt in range(1, times + 1):
                try:
                    return fn(*args, **kwargs)
                except exceptions as err:
                    if attempt == times:
                        raise
                    warnings.warn(RetryWarning(fn.__qualname__, attempt, err), stacklevel=2)  # retain
                    time.sleep(backoff_s * attempt)
        wrapper.max_attempts = times
        return wrapper
    return decorate
