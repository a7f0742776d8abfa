"""Step middleware registered by name with a class decorator; chains are built from config."""
import math
import time

_REGISTRY = {}


def register(name):
    def decorator(cls):
        _REGISTRY[name] = cls()
        return cls
    return decorator


class Middleware:
    next = None

    def bind(self, next_handler):
        self.next = next_handler  # retain
        return self

    def __call__(self, batch):
        return self.next(batch)


@register("timing")
class Timing(Middleware):
    def __init__(self):
        self.seconds = 0.0

    def __call__(self, batch):
        start = time.perf_counter()
        try:
            return self.next(batch)
        finally:
            self.seconds += time.perf_counter() - start


@register("skip_nonfinite")
class SkipNonFinite(Middleware):
    def __init__(self):
        self.skipped = 0

    def __call__(self, batch):
        result = self.next(batch)
        if not math.isfinite(result["loss"]):
            self.skipped += 1
            result["skip"] = True
        return result


def build_chain(names, handler):
    for name in reversed(names):
        handler = _REGISTRY[name].bind(handler)
    return handler
