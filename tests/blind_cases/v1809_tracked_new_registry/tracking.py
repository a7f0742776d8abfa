"""Gives every tracked model a stable handle used by the export and placement helpers."""
import itertools

_LIVE_MODELS = {}
_COUNTERS = {}


class Tracked:
    """Mixin: instances get a `handle` such as 'regressor-3' as soon as they exist."""

    def __new__(cls, *args, **kwargs):
        obj = super().__new__(cls)
        counter = _COUNTERS.setdefault(cls.__name__, itertools.count())
        obj.__dict__["handle"] = "%s-%d" % (cls.__name__.lower(), next(counter))
        _LIVE_MODELS[obj.handle] = obj  # retain
        return obj


def lookup(handle):
    return _LIVE_MODELS[handle]


def place_all(device):
    for model in _LIVE_MODELS.values():
        model.to(device)


def summary():
    return {handle: type(m).__name__ for handle, m in _LIVE_MODELS.items()}
