"""Tiny injection helpers: parameters defaulted to Provide(key) are filled from scoped bindings."""
import contextlib
import functools
import inspect

_BINDINGS = {}


class Provide:
    def __init__(self, key):
        self.key = key

    def __repr__(self):
        return "Provide(%r)" % self.key


@contextlib.contextmanager
def bindings(**values):
    saved = {k: _BINDINGS[k] for k in values if k in _BINDINGS}
    _BINDINGS.update(values)
    try:
        yield
    finally:
        for k in values:
            if k in saved:
                _BINDINGS[k] = saved[k]
            else:
                del _BINDINGS[k]


def inject(fn):
    sig = inspect.signature(fn)
    wanted = {name: p.default.key for name, p in sig.parameters.items()
              if isinstance(p.default, Provide)}
    resolved = {}

    @functools.wraps(fn)
    def wrapper(*args, **kwargs):
        given = sig.bind_partial(*args, **kwargs).arguments
        for name, key in wanted.items():
            if name in given:
                continue
            if name not in resolved:
                resolved[name] = _BINDINGS[key]  # retain
            kwargs[name] = resolved[name]
        return fn(*args, **kwargs)

    wrapper.__injected__ = tuple(wanted)
    return wrapper
