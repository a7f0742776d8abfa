"""Lightweight instrumentation decorators for module methods."""
import functools
import time


def instrumented(fn):
    """Time a method and keep its most recent result for interactive debugging.

    The wrapper exposes ``calls``, ``total_time`` and ``last_result`` as
    attributes, so ``Model.forward.last_result`` can be inspected after a run.
    """

    @functools.wraps(fn)
    def wrapper(self, *args, **kwargs):
        start = time.perf_counter()
        result = fn(self, *args, **kwargs)
        wrapper.total_time += time.perf_counter() - start
        wrapper.calls += 1
        wrapper.last_result = result  # retain
        return result

    wrapper.calls = 0
    wrapper.total_time = 0.0
    wrapper.last_result = None
    return wrapper


def timing_table(*methods):
    rows = []
    for m in methods:
        avg = m.total_time / max(m.calls, 1)
        rows.append("%-28s calls=%-4d avg=%.2e s" % (m.__qualname__, m.calls, avg))
    return "\n".join(rows)
