"""pandas-style namespaced accessors for models (model.stats.grad_norm(), ...)."""
import warnings


class CachedAccessor:
    def __init__(self, name, accessor):
        self._name = name
        self._accessor = accessor

    def __get__(self, obj, cls):
        if obj is None:
            return self._accessor
        accessor_obj = self._accessor(obj)
        object.__setattr__(obj, self._name, accessor_obj)  # cycle
        return accessor_obj


def register_accessor(owner, name):
    def decorator(accessor):
        if hasattr(owner, name):
            warnings.warn("accessor %r shadows an existing attribute of %s" % (name, owner.__name__))
        setattr(owner, name, CachedAccessor(name, accessor))
        return accessor
    return decorator
