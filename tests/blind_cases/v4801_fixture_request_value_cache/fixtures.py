"""Plain-function fixture resolution for the model smoke tests (pytest-like, no plugins)."""
import inspect
import time

_FIXTURES = {}


def fixture(fn):
    """Register ``fn`` as a fixture under its own name."""
    _FIXTURES[fn.__name__] = fn
    return fn


class FixtureLookupError(LookupError):
    pass


class FixtureRequest:
    """Per-test view of the fixture graph; values are computed once per test."""

    def __init__(self, test_name, params=None):
        self.test_name = test_name
        self.params = dict(params or {})
        self._values = {}  # cycle
        self.timings = {}

    def _kwargs_for(self, fn):
        kwargs = {}
        for arg in inspect.signature(fn).parameters:
            if arg == "request":
                kwargs[arg] = self
            elif arg in self.params:
                kwargs[arg] = self.params[arg]
            else:
                kwargs[arg] = self.getfixturevalue(arg)
        return kwargs

    def getfixturevalue(self, name):
        if name in self._values:
            return self._values[name]
        try:
            fn = _FIXTURES[name]
        except KeyError:
            raise FixtureLookupError(f"fixture {name!r} not found for {self.test_name}") from None
        start = time.perf_counter()
        self._values[name] = fn(**self._kwargs_for(fn))  # cycle
        self.timings[name] = time.perf_counter() - start
        return self._values[name]


def call_test(test_fn, params=None):
    request = FixtureRequest(test_fn.__name__, params)
    test_fn(**request._kwargs_for(test_fn))
    return request.test_name, sum(request.timings.values())


def parametrize(argname, values):
    def deco(fn):
        fn.__dict__.setdefault("param_sets", []).extend({argname: v} for v in values)
        return fn
    return deco
