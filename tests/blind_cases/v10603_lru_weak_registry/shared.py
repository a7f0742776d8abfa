"""Name-based sharing of modules between separately constructed components.

Components publish a module under a name and others resolve it lazily, so
the encoder and the decoder can be built (and checkpointed) independently.
"""
import functools
import weakref

_SHARED = weakref.WeakValueDictionary()


def publish(name, module):
    current = _SHARED.get(name)
    if current is not None and current is not module:
        raise KeyError("%r is already published by another module" % name)
    _SHARED[name] = module
    return module


@functools.lru_cache(maxsize=None)  # retain
def lookup(name):
    try:
        return _SHARED[name]
    except KeyError:
        raise LookupError("nothing is published under %r" % name) from None


def published():
    return sorted(_SHARED.keys())
