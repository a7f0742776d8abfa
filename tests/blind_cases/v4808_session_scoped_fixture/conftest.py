"""Minimal scoped-fixture support for running model tests as plain functions."""
import inspect
from dataclasses import dataclass

_REGISTRY = {}
_SESSION_VALUES = {}


@dataclass(frozen=True)
class FixtureDef:
    name: str
    func: object
    scope: str = "function"


def fixture(scope="function"):
    if scope not in ("function", "session"):
        raise ValueError(f"unsupported scope {scope!r}")

    def deco(fn):
        _REGISTRY[fn.__name__] = FixtureDef(fn.__name__, fn, scope)
        return fn
    return deco


def _resolve(name, local_values):
    fdef = _REGISTRY[name]
    cache = _SESSION_VALUES if fdef.scope == "session" else local_values
    if name not in cache:
        kwargs = {arg: _resolve(arg, local_values) for arg in inspect.signature(fdef.func).parameters}
        cache[name] = fdef.func(**kwargs)  # retain
    return cache[name]


def run_tests(tests):
    outcomes = {}
    for test in tests:
        local_values = {}
        kwargs = {arg: _resolve(arg, local_values) for arg in inspect.signature(test).parameters}
        try:
            test(**kwargs)
            outcomes[test.__name__] = "passed"
        except AssertionError as err:
            outcomes[test.__name__] = f"failed: {err}"
        finally:
            local_values.clear()
    return outcomes
