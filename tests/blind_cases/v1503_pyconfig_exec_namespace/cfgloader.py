"""Loads Python-syntax config files into an attribute-accessible namespace."""
import os
import types

_CONFIG_DIR = os.path.dirname(os.path.abspath(__file__))


class ConfigNamespace(types.SimpleNamespace):
    def get(self, key, default=None):
        return getattr(self, key, default)

    def public(self):
        return {k: v for k, v in vars(self).items() if not k.startswith("_")}


def load_config(name, **overrides):
    path = os.path.join(_CONFIG_DIR, name)
    with open(path, encoding="utf-8") as fh:
        source = fh.read()
    namespace = {"__file__": path, "__name__": "cfg_" + os.path.splitext(name)[0]}
    exec(compile(source, path, "exec"), namespace)
    namespace.update(overrides)
    return ConfigNamespace(**{k: v for k, v in namespace.items() if not k.startswith("__")})
