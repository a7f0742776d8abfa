"""Tiny dependency-injection container: named providers with singleton or transient scope."""
import inspect


class Provider:
    def __init__(self, factory, scope="singleton", tags=()):
        self.factory = factory
        self.scope = scope
        self.tags = frozenset(tags)

    def create(self, container):
        params = inspect.signature(self.factory).parameters
        if "container" in params:
            return self.factory(container=container)
        return self.factory()


class Container:
    def __init__(self, name="root"):
        self.name = name
        self._providers = {}
        self._singletons = {}  # cycle
        self._resolving = []

    def register(self, key, factory, scope="singleton", tags=()):
        self._providers[key] = Provider(factory, scope, tags)
        return factory

    def provide(self, key, scope="singleton", tags=()):
        def deco(factory):
            return self.register(key, factory, scope, tags)
        return deco

    def resolve(self, key):
        if key in self._singletons:
            return self._singletons[key]
        if key not in self._providers:
            raise LookupError(f"{self.name}: nothing registered for {key!r}")
        if key in self._resolving:
            raise LookupError(" -> ".join(self._resolving + [key]))
        provider = self._providers[key]
        self._resolving.append(key)
        try:
            instance = provider.create(self)
        finally:
            self._resolving.pop()
        if provider.scope == "singleton":
            self._singletons[key] = instance  # cycle
        return instance

    def resolve_tagged(self, tag):
        return [self.resolve(k) for k, p in self._providers.items() if tag in p.tags]
