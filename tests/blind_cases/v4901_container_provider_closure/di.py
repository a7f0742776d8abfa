"""Minimal service container: named providers, lazily built singletons."""


class ResolutionError(KeyError):
    pass


class Container:
    def __init__(self, name):
        self.name = name
        self._providers = {}
        self._instances = {}
        self._resolving = []

    def provider(self, key, singleton=True):
        def register(fn):
            if key in self._providers:
                raise ValueError("provider %r already registered in %s" % (key, self.name))
            self._providers[key] = (fn, singleton)  # cycle
            return fn
        return register

    def get(self, key):
        if key in self._instances:
            return self._instances[key]
        if key not in self._providers:
            raise ResolutionError(key)
        if key in self._resolving:
            chain = " -> ".join(self._resolving + [key])
            raise ResolutionError("circular dependency: " + chain)
        fn, singleton = self._providers[key]
        self._resolving.append(key)
        try:
            obj = fn()
        finally:
            self._resolving.pop()
        if singleton:
            self._instances[key] = obj
        return obj

    def keys(self):
        return sorted(self._providers)
