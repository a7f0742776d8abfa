"""Minimal pluggy-style plugin manager: objects register, methods marked with @hookimpl become hook implementations."""
import collections
import inspect
from typing import NamedTuple

_MARK = "_exp_hookimpl"


def hookimpl(function=None, *, tryfirst=False):
    def mark(fn):
        setattr(fn, _MARK, {"tryfirst": tryfirst})
        return fn
    return mark(function) if function is not None else mark


class HookImpl(NamedTuple):
    plugin_name: str
    function: object
    argnames: tuple
    tryfirst: bool


class PluginManager:
    def __init__(self, project):
        self.project = project
        self._name2plugin = {}  # cycle
        self._impls = collections.defaultdict(list)  # cycle

    def register(self, plugin, name=None):
        name = name or type(plugin).__name__.lower()
        if name in self._name2plugin:
            raise ValueError(f"plugin {name!r} already registered")
        self._name2plugin[name] = plugin  # cycle
        for attr in dir(type(plugin)):
            opts = getattr(getattr(type(plugin), attr), _MARK, None)
            if opts is None:
                continue
            argnames = tuple(inspect.signature(getattr(plugin, attr)).parameters)
            self._impls[attr].append(HookImpl(name, getattr(plugin, attr), argnames, opts["tryfirst"]))  # cycle
            self._impls[attr].sort(key=lambda impl: not impl.tryfirst)
        return name

    def get_plugin(self, name):
        return self._name2plugin.get(name)

    def call(self, hook, **kwargs):
        results = []
        for impl in self._impls.get(hook, ()):
            out = impl.function(**{k: kwargs[k] for k in impl.argnames})
            if out is not None:
                results.append(out)
        return results
