"""A small pytest-like runner: named fixtures, yield-style teardown, plain assert tests."""
import functools
import inspect
from dataclasses import dataclass

_FIXTURES = {}


def fixture(fn):
    _FIXTURES[fn.__name__] = fn
    return fn


@dataclass
class Outcome:
    name: str
    status: str
    detail: str = ""


class FixtureRequest:
    """Resolves the fixtures of one test and remembers how to tear them down."""

    def __init__(self, test_name, session):
        self.test_name = test_name
        self.config = session.config
        self._values = {}
        self._finalizers = []  # cycle

    def getfixturevalue(self, name):
        if name == "request":
            return self
        if name not in self._values:
            fn = _FIXTURES[name]
            kwargs = {arg: self.getfixturevalue(arg) for arg in inspect.signature(fn).parameters}
            value = fn(**kwargs)
            if inspect.isgenerator(value):
                generator, value = value, next(value)
                self._finalizers.append(functools.partial(next, generator, None))  # cycle
            self._values[name] = value
        return self._values[name]

    def teardown(self):
        while self._finalizers:
            self._finalizers.pop()()
        self._values.clear()


class Session:
    def __init__(self, config):
        self.config = config
        self.outcomes = []

    def run(self, test_fn):
        request = FixtureRequest(test_fn.__name__, self)
        try:
            kwargs = {arg: request.getfixturevalue(arg) for arg in inspect.signature(test_fn).parameters}
            test_fn(**kwargs)
        except AssertionError as exc:
            self.outcomes.append(Outcome(test_fn.__name__, "FAILED", str(exc)))
            return False
        request.teardown()
        self.outcomes.append(Outcome(test_fn.__name__, "passed"))
        return True
