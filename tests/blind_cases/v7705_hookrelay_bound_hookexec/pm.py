"""A pluggy-flavoured plugin manager: hook specs, marked implementations and a hook relay."""
import inspect


def hookimpl(fn=None, *, tryfirst=False):
    def mark(f):
        f.hookimpl_opts = {"tryfirst": tryfirst}
        return f
    return mark(fn) if fn is not None else mark


class _HookRelay:
    """Namespace holding one caller per hook name (pm.hook.<name>(...))."""


class _HookCaller:
    def __init__(self, name, hookexec, argnames):
        self.name = name
        self.argnames = argnames
        self._hookexec = hookexec  # cycle
        self._impls = []

    def add(self, plugin, fn):
        entry = (plugin, fn)
        if fn.hookimpl_opts["tryfirst"]:
            self._impls.append(entry)
        else:
            self._impls.insert(0, entry)

    def __call__(self, **kwargs):
        return self._hookexec(self, kwargs)


class PluginManager:
    def __init__(self, project):
        self.project = project
        self.hook = _HookRelay()  # cycle
        self._name2plugin = {}
        self.calls = 0

    def add_hookspecs(self, spec):
        for name, fn in inspect.getmembers(spec, inspect.isfunction):
            argnames = tuple(inspect.signature(fn).parameters)[1:]
            setattr(self.hook, name, _HookCaller(name, self._hookexec, argnames))  # cycle

    def register(self, plugin, name=None):
        self._name2plugin[name or type(plugin).__name__] = plugin
        for attr in dir(plugin):
            fn = getattr(plugin, attr)
            if callable(fn) and hasattr(fn, "hookimpl_opts"):
                getattr(self.hook, attr).add(plugin, fn)

    def _hookexec(self, caller, kwargs):
        self.calls += 1
        results = []
        for plugin, fn in reversed(caller._impls):
            wanted = inspect.signature(fn).parameters
            res = fn(**{k: v for k, v in kwargs.items() if k in wanted})
            if res is not None:
                results.append(res)
        return results
