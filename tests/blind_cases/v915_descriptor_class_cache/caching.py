"""Small caching helpers shared across the model zoo."""
import functools


class memoized_attribute:
    """Compute an attribute once per object.

    Unlike functools.cached_property this does not write into the instance
    __dict__, so it also works for nn.Module subclasses whose __setattr__
    would try to register tensors/modules.
    """

    def __init__(self, fn):
        self.fn = fn
        self.name = fn.__name__
        self._values = {}
        functools.update_wrapper(self, fn)

    def __set_name__(self, owner, name):
        self.name = name

    def __get__(self, obj, owner=None):
        if obj is None:
            return self
        try:
            return self._values[obj]
        except KeyError:
            value = self.fn(obj)
            self._values[obj] = value  # retain
            return value

    def invalidate(self, obj):
        self._values.pop(obj, None)
