"""Config values of the form "${name}" or "${name:arg}" are filled in by registered resolvers."""
import re

_RESOLVERS = {}
_PATTERN = re.compile(r"^\$\{(\w+)(?::([^}]*))?\}$")


def register_resolver(name, fn, *, replace=False):
    if name in _RESOLVERS and not replace:
        raise ValueError(f"resolver {name!r} already registered")
    _RESOLVERS[name] = fn  # retain


def has_resolver(name):
    return name in _RESOLVERS


def _parse_arg(raw):
    try:
        return float(raw) if "." in raw else int(raw)
    except ValueError:
        return raw


def resolve(value):
    if isinstance(value, dict):
        return {k: resolve(v) for k, v in value.items()}
    if isinstance(value, list):
        return [resolve(v) for v in value]
    if not isinstance(value, str):
        return value
    m = _PATTERN.match(value)
    if not m:
        return value
    name, raw = m.groups()
    args = [_parse_arg(a.strip()) for a in raw.split(",")] if raw else []
    return _RESOLVERS[name](*args)


register_resolver("mul", lambda a, b: a * b)
register_resolver("int", lambda x: int(x))
