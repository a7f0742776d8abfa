"""Request tracing: spans go to the active RequestTrace, found through a ContextVar."""
import contextlib
import contextvars
import time
from dataclasses import dataclass, field


@dataclass
class Span:
    name: str
    started: float
    duration_ms: float = 0.0
    attrs: dict = field(default_factory=dict)


class RequestTrace:
    def __init__(self, request_id):
        self.request_id = request_id
        self.spans = []

    @contextlib.contextmanager
    def span(self, name, **attrs):
        span = Span(name, time.perf_counter(), attrs=dict(attrs))
        self.spans.append(span)
        try:
            yield span
        finally:
            span.duration_ms = (time.perf_counter() - span.started) * 1000.0

    def summary(self):
        return {s.name: round(s.duration_ms, 3) for s in self.spans}


_ACTIVE = contextvars.ContextVar("active_trace", default=None)


def current_trace():
    trace = _ACTIVE.get()
    if trace is None:
        return RequestTrace("untraced")
    return trace


@contextlib.contextmanager
def traced_request(request_id):
    trace = RequestTrace(request_id)
    token = _ACTIVE.set(trace)
    try:
        yield trace
    finally:
        _ACTIVE.reset(token)
