"""Small retry helper for flaky remote I/O (object store uploads, NFS renames)."""
import time


class RetriesExhausted(RuntimeError):
    def __init__(self, what, attempts, last_error):
        super().__init__(f"{what} failed after {attempts} attempts: {last_error}")
        self.what = what
        self.attempts = attempts


def retry_call(fn, *args, attempts=3, backoff=0.001, retry_on=(OSError,), **kwargs):
    for attempt in range(1, attempts + 1):
        try:
            return fn(*args, **kwargs)
        except retry_on as err:
            if attempt == attempts:
                raise RetriesExhausted(getattr(fn, "__qualname__", repr(fn)), attempts, err) from None
            time.sleep(backoff * 2 ** (attempt - 1))
