"""Dependency-injector style providers; an override can reset dependent singletons."""


class Provider:
    def __init__(self):
        self._overrides = []

    def override(self, provider, resets=()):
        self._overrides.append(provider)
        return _Overriding(self, list(resets))

    def reset_last_overriding(self):
        self._overrides.pop()

    def __call__(self):
        if self._overrides:
            return self._overrides[-1]()
        return self._provide()


class _Overriding:
    def __init__(self, provider, resets):
        self.provider = provider
        self.resets = resets

    def __enter__(self):
        return self.provider

    def __exit__(self, *exc):
        for dependent in self.resets:
            dependent.reset()
        self.provider.reset_last_overriding()
        return False


class Object(Provider):
    def __init__(self, value):
        super().__init__()
        self.value = value

    def _provide(self):
        return self.value


class Dependency(Provider):
    def _provide(self):
        raise LookupError("dependency is not defined; override it first")


class Factory(Provider):
    def __init__(self, factory, **deps):
        super().__init__()
        self.factory = factory
        self.deps = deps

    def _provide(self):
        return self.factory(**{k: (v() if isinstance(v, Provider) else v) for k, v in self.deps.items()})


class Singleton(Factory):
    def __init__(self, factory, **deps):
        super().__init__(factory, **deps)
        self._instance = None

    def _provide(self):
        if self._instance is None:
            self._instance = super()._provide()
        return self._instance

    def reset(self):
        self._instance = None
