"""Dependency-injection container with singleton providers and an explicit shutdown."""
import inspect


class ResolutionError(LookupError):
    pass


class Container:
    def __init__(self, name="root"):
        self.name = name
        self._factories = {}
        self._scopes = {}
        self._singletons = {}
        self._closed = False

    def register(self, key, factory, scope="singleton"):
        self._factories[key] = factory
        self._scopes[key] = scope

    def factory(self, key, scope="singleton"):
        def deco(fn):
            self.register(key, fn, scope)
            return fn
        return deco

    def resolve(self, key):
        if self._closed:
            raise ResolutionError(f"{self.name} is closed")
        if key in self._singletons:
            return self._singletons[key]
        try:
            factory = self._factories[key]
        except KeyError:
            raise ResolutionError(f"{self.name}: nothing registered for {key!r}") from None
        wants_container = "container" in inspect.signature(factory).parameters
        instance = factory(container=self) if wants_container else factory()
        if self._scopes[key] == "singleton":
            self._singletons[key] = instance
        return instance

    def close(self):
        """Tear down singletons in reverse creation order and forget them."""
        for key in reversed(list(self._singletons)):
            teardown = getattr(self._singletons[key], "teardown", None)
            if callable(teardown):
                teardown()
        self._singletons.clear()
        self._closed = True
