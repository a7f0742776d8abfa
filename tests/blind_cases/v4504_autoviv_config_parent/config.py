"""Attribute-access configuration dict with auto-created sections (addict-style)."""
import copy


def _meta(node, name):
    return object.__getattribute__(node, name)


class AttrConfig(dict):
    def __init__(self, *args, _parent=None, _key=None, **kwargs):
        super().__init__()
        object.__setattr__(self, "_parent", _parent)  # cycle
        object.__setattr__(self, "_key", _key)
        for key, value in dict(*args, **kwargs).items():
            dict.__setitem__(self, key, self._wrap(value))

    @classmethod
    def _wrap(cls, value):
        if isinstance(value, dict) and not isinstance(value, AttrConfig):
            return cls(value)
        if isinstance(value, (list, tuple)):
            return type(value)(cls._wrap(v) for v in value)
        return value

    def __missing__(self, key):
        return self.__class__(_parent=self, _key=key)  # cycle

    def __getattr__(self, key):
        if key.startswith("__"):
            raise AttributeError(key)
        return self[key]

    def __setattr__(self, key, value):
        self[key] = value

    def __setitem__(self, key, value):
        dict.__setitem__(self, key, self._wrap(value))
        self._attach()

    def _attach(self):
        node, parent = self, _meta(self, "_parent")
        while parent is not None and _meta(node, "_key") not in parent:
            dict.__setitem__(parent, _meta(node, "_key"), node)  # cycle
            node, parent = parent, _meta(parent, "_parent")

    def to_dict(self):
        return {k: v.to_dict() if isinstance(v, AttrConfig) else v for k, v in self.items()}

    def derive(self, **overrides):
        child = AttrConfig(copy.deepcopy(self.to_dict()))
        for dotted, value in overrides.items():
            node = child
            *path, leaf = dotted.split(".")
            for part in path:
                node = node[part]
            node[leaf] = value
        return child
