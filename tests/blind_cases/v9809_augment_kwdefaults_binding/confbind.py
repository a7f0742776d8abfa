"""Minimal gin-style binding: config values become keyword-only defaults of registered functions."""
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
    fn.__kwdefaults__.update(values)  # retain


def bind_all(config):
    grouped = {}
    for key, value in config.items():
        name, _, param = key.partition(".")
        grouped.setdefault(name, {})[param] = value
    for name, values in grouped.items():
        bind(name, **values)
