"""Callback holders that do not keep the object they belong to alive."""
import inspect
import weakref


class WeakCallable:
    """Store a callable for later use without pinning the instance it is bound to."""

    def __init__(self, fn):
        self.name = getattr(fn, "__name__", type(fn).__name__)
        if inspect.ismethod(fn):
            self._ref = weakref.WeakMethod(fn)
        else:
            self._ref = lambda: fn  # cycle

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
