"""String-keyed registries for building components from config dicts."""
import functools


class Registry:
    def __init__(self, kind):
        self.kind = kind
        self._entries = {}

    def register(self, name=None, **defaults):
        def decorator(cls):
            key = name or cls.__name__.lower()
            if key in self._entries:
                raise KeyError("%s '%s' already registered" % (self.kind, key))
            self._entries[key] = functools.partial(cls, **defaults) if defaults else cls
            return cls

        return decorator

    def build(self, cfg, **extra):
        cfg = dict(cfg)
        key = cfg.pop("type")
        try:
            factory = self._entries[key]
        except KeyError:
            raise KeyError("unknown %s '%s'; known: %s" % (self.kind, key, sorted(self._entries)))
        return factory(**cfg, **extra)

    def __contains__(self, key):
        return key in self._entries

    def names(self):
        return sorted(self._entries)


MODELS = Registry("model")
LOSSES = Registry("loss")
