"""Minimal gin-style binding: config values become keyword-only defaults of registered functions."""
import contextlib

_REGISTRY = {}


def configurable(fn):
    if not fn.__kwdefaults__:
        raise TypeError(f"{fn.__name__} has no keyword-only parameters to bind")
    _REGISTRY[fn.__name__] = fn
    return fn


def bind(name, **values):
    fn = _REGISTRY[name]
    unknown = set(values) - set(fn.__kwdefaults__)
    if unknown:
        raise KeyError(f"{name} has no parameter(s) {sorted(unknown)}")
    fn.__kwdefaults__.update(values)


@contextlib.contextmanager
def bound(config):
    grouped = {}
    for key, value in config.items():
        name, _, param = key.partition(".")
        grouped.setdefault(name, {})[param] = value
    saved = {name: dict(_REGISTRY[name].__kwdefaults__) for name in grouped}
    try:
        for name, values in grouped.items():
            bind(name, **values)
        yield
    finally:
        for name, defaults in saved.items():
            _REGISTRY[name].__kwdefaults__ = defaults
