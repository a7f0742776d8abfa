"""Annotation-driven dependency injection: functions declare the types they need."""
import functools
import inspect
import typing


class UnsatisfiedDependency(LookupError):
    pass


class Binding:
    def __init__(self, interface, instance=None, provider=None):
        self.interface = interface
        self.instance = instance
        self.provider = provider

    def get(self):
        if self.instance is not None:
            return self.instance
        return self.provider()


class Injector:
    def __init__(self):
        self._bindings = {}

    def bind(self, interface, to=None, provider=None):
        if to is None and provider is None:
            raise ValueError("bind() needs an instance or a provider")
        self._bindings[interface] = Binding(interface, to, provider)  # retain

    def get(self, interface):
        for candidate in getattr(interface, "__mro__", (interface,)):
            if candidate in self._bindings:
                return self._bindings[candidate].get()
        for bound, binding in self._bindings.items():
            if isinstance(bound, type) and isinstance(interface, type) and issubclass(bound, interface):
                return binding.get()
        raise UnsatisfiedDependency(interface)

    def call(self, fn, *args, **kwargs):
        sig = inspect.signature(fn)
        hints = typing.get_type_hints(fn)
        bound = sig.bind_partial(*args, **kwargs)
        for name, param in sig.parameters.items():
            if name in bound.arguments or name not in hints:
                continue
            if param.default is not inspect.Parameter.empty:
                continue
            bound.arguments[name] = self.get(hints[name])
        return fn(*bound.args, **bound.kwargs)

    def inject(self, fn):
        @functools.wraps(fn)
        def wrapper(*args, **kwargs):
            return self.call(fn, *args, **kwargs)
        return wrapper


injector = Injector()
inject = injector.inject
