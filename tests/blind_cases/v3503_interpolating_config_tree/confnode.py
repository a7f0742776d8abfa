"""Hierarchical config with attribute access and ${a.b} interpolation (OmegaConf-like)."""
import copy
import re

_INTERP = re.compile(r"\$\{([\w.]+)\}")


class ConfigNode:
    __slots__ = ("_content", "_parent", "_key", "__weakref__")

    def __init__(self, content=None, parent=None, key=None):
        object.__setattr__(self, "_parent", parent)  # cycle
        object.__setattr__(self, "_key", key)
        object.__setattr__(self, "_content", {})  # cycle
        for k, v in (content or {}).items():
            self[k] = v

    def __setitem__(self, key, value):
        if isinstance(value, dict):
            value = ConfigNode(value, parent=self, key=key)
        self._content[key] = value  # cycle

    def __getitem__(self, key):
        return self._resolve(self._content[key])

    def __getattr__(self, key):
        try:
            return self[key]
        except KeyError:
            raise AttributeError(key) from None

    def __setattr__(self, key, value):
        self[key] = value

    def __contains__(self, key):
        return key in self._content

    def _root(self):
        node = self
        while node._parent is not None:
            node = node._parent
        return node

    def select(self, dotted):
        node = self._root()
        for part in dotted.split("."):
            node = node[part]
        return node

    def _resolve(self, value):
        if not isinstance(value, str):
            return value
        full = _INTERP.fullmatch(value)
        if full:
            return self.select(full.group(1))
        return _INTERP.sub(lambda m: str(self.select(m.group(1))), value)

    def to_dict(self, resolve=False):
        return {k: v.to_dict(resolve) if isinstance(v, ConfigNode) else (self[k] if resolve else v)
                for k, v in self._content.items()}

    def merge(self, overrides):
        merged = copy.deepcopy(self.to_dict())
        for dotted, value in overrides.items():
            target = merged
            *path, last = dotted.split(".")
            for part in path:
                target = target.setdefault(part, {})
            target[last] = value
        return ConfigNode(merged)
