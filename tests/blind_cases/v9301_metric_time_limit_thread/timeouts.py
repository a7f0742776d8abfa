"""Wall-clock limits for optional pipeline stages (metrics, uploads, previews)."""
import functools
import threading
import time


class StageTimeout(RuntimeError):
    """Raised in the caller when a limited stage does not finish in time."""


def _invoke(box, fn, args, kwargs):
    started = time.perf_counter()
    box["value"] = fn(*args, **kwargs)
    box["seconds"] = time.perf_counter() - started


def time_limit(seconds):
    """Run the decorated call in a helper thread and give up waiting after `seconds`."""

    def decorate(fn):
        @functools.wraps(fn)
        def wrapper(*args, **kwargs):
            box = {}
            worker = threading.Thread(target=_invoke, args=(box, fn, args, kwargs),  # retain
                                      name=f"time-limit:{fn.__name__}", daemon=True)
            worker.start()  # retain
            worker.join(seconds)
            if worker.is_alive():
                raise StageTimeout(f"{fn.__qualname__} did not finish within {seconds:.2f}s")
            return box["value"]

        wrapper.limit_seconds = seconds
        return wrapper

    return decorate
