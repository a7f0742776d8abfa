"""Ordered implementation fallback; an implementation that raises is demoted for the run."""
import collections


class NoImplementationLeft(RuntimeError):
    pass


class FallbackChain:
    def __init__(self, name, errors=(RuntimeError, NotImplementedError)):
        self.name = name
        self.errors = errors
        self._impls = collections.OrderedDict()  # cycle
        self.demoted = {}
        self.calls = collections.Counter()

    def register(self, label, fn):
        self._impls[label] = fn  # cycle
        return fn

    @property
    def active(self):
        return next(iter(self._impls), None)

    def __call__(self, *args, **kwargs):
        for label in list(self._impls):
            try:
                out = self._impls[label](*args, **kwargs)
            except self.errors as err:
                self.demoted[label] = f"{type(err).__name__}: {err}"
                del self._impls[label]
                continue
            self.calls[label] += 1
            return out
        raise NoImplementationLeft(f"{self.name}: every implementation failed: {self.demoted}")
