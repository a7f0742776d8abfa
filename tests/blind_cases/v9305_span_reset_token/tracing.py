"""Nested wall-clock spans for training loops (a tiny tracing API on contextvars)."""
import collections
import contextvars
import time

_ACTIVE_SPAN = contextvars.ContextVar("active_span", default=None)


class Span:
    def __init__(self, name, attrs):
        self.name = name
        self.attrs = attrs
        self.children = []  # cycle
        self.elapsed = None

    def __enter__(self):
        parent = _ACTIVE_SPAN.get()
        if parent is not None:
            parent.children.append(self)  # cycle
        self._token = _ACTIVE_SPAN.set(self)  # cycle
        self._start = time.perf_counter()
        return self

    def __exit__(self, exc_type, exc, tb):
        self.elapsed = time.perf_counter() - self._start
        _ACTIVE_SPAN.reset(self._token)
        return False

    def walk(self, prefix=""):
        path = f"{prefix}/{self.name}" if prefix else self.name
        yield path, self
        for child in self.children:
            yield from child.walk(path)


class Tracer:
    def __init__(self, service):
        self.service = service
        self.roots = []

    def span(self, name, **attrs):
        span = Span(name, attrs)
        if _ACTIVE_SPAN.get() is None:
            self.roots.append(span)
        return span

    def totals(self):
        out = collections.defaultdict(float)
        for root in self.roots:
            for path, span in root.walk():
                out[path] += span.elapsed or 0.0
        return dict(out)
