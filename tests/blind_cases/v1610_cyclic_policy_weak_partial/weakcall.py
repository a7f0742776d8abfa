"""Callback holders that do not keep the object they belong to alive."""
import functools
import inspect
import weakref


class WeakCallable:
    """Store a callable for later use without pinning the instance it is bound to."""

    def __init__(self, fn):
        self.name = getattr(fn, "__name__", type(fn).__name__)
        if inspect.ismethod(fn):
            self._ref = weakref.WeakMethod(fn)
        elif isinstance(fn, functools.partial) and inspect.ismethod(fn.func):
            self.name = fn.func.__name__
            method_ref = weakref.WeakMethod(fn.func)
            args, keywords = fn.args, fn.keywords

            def resolve():
                method = method_ref()
                return None if method is None else functools.partial(method, *args, **keywords)

            self._ref = resolve
        else:
            self._ref = lambda: fn

    @property
    def alive(self):
        return self._ref() is not None

    def __call__(self, *args, **kwargs):
        target = self._ref()
        if target is None:
            raise ReferenceError(f"owner of {self.name} no longer exists")
        return target(*args, **kwargs)

    def __repr__(self):
        return f"WeakCallable({self.name}, alive={self.alive})"
