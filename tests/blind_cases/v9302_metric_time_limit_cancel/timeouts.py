"""Wall-clock limits for optional pipeline stages, with cooperative cancellation."""
import functools
import threading
import time


class StageTimeout(RuntimeError):
    """Raised in the caller when a limited stage does not finish in time."""


class Cancelled(Exception):
    """Raised inside the limited call once its caller has given up on it."""


def _invoke(box, fn, args, kwargs, cancel):
    started = time.perf_counter()
    try:
        box["value"] = fn(*args, cancel=cancel, **kwargs)
    except Cancelled:
        box["cancelled"] = True
    box["seconds"] = time.perf_counter() - started


def time_limit(seconds, grace=5.0):
    """Run the call in a helper thread; on timeout, cancel it and wait for it to unwind."""

    def decorate(fn):
        @functools.wraps(fn)
        def wrapper(*args, **kwargs):
            box = {}
            cancel = threading.Event()
            worker = threading.Thread(target=_invoke, args=(box, fn, args, kwargs, cancel),
                                      name=f"time-limit:{fn.__name__}", daemon=True)
            worker.start()
            worker.join(seconds)
            if worker.is_alive():
                cancel.set()
                worker.join(grace)
                raise StageTimeout(f"{fn.__qualname__} did not finish within {seconds:.2f}s")
            return box["value"]

        wrapper.limit_seconds = seconds
        return wrapper

    return decorate
