"""Small function-level caching and timing decorators shared by the training scripts."""
import collections
import functools
import time

CALL_SECONDS = collections.defaultdict(float)
CALL_COUNT = collections.Counter()


def memoize(fn):
    """Cache results by positional arguments; the cache is exposed as `fn.cache`."""
    cache = {}

    @functools.wraps(fn)
    def wrapper(*args):
        try:
            return cache[args]
        except KeyError:
            pass
        value = cache[args] = fn(*args)  # retain
        return value

    wrapper.cache = cache
    return wrapper


def timed(fn):
    """Accumulate wall-clock time per function in CALL_SECONDS."""

    @functools.wraps(fn)
    def wrapper(*args, **kwargs):
        start = time.perf_counter()
        try:
            return fn(*args, **kwargs)
        finally:
            CALL_SECONDS[fn.__qualname__] += time.perf_counter() - start
            CALL_COUNT[fn.__qualname__] += 1

    return wrapper


def reset_cache(fn):
    """Drop everything a memoized function has cached."""
    fn.cache = {}
