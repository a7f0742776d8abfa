"""Registries and recursive instantiation of nested config dicts."""
import inspect


class Registry:
    def __init__(self, name):
        self.name = name
        self._module_dict = {}

    def register_module(self, name=None, module=None):
        def _register(cls):
            key = name or cls.__name__
            if key in self._module_dict:
                raise KeyError(f"{key} is already registered in {self.name}")
            self._module_dict[key] = cls
            return cls
        if module is not None:
            return _register(module)
        return _register

    def get(self, key):
        if key not in self._module_dict:
            raise KeyError(f"{key} is not in the {self.name} registry")
        return self._module_dict[key]

    def __contains__(self, key):
        return key in self._module_dict


def _accepted(cls, name):
    params = inspect.signature(cls).parameters
    return name in params or any(p.kind is p.VAR_KEYWORD for p in params.values())


def build_from_cfg(cfg, registry, default_args=None):
    """Instantiate `cfg`; nested dicts that carry a 'type' key are built first (depth-first)."""
    default_args = dict(default_args or {})

    def _build(node):  # cycle
        if isinstance(node, dict) and "type" in node:
            cls = registry.get(node["type"])
            kwargs = {k: _build(v) for k, v in node.items() if k != "type"}
            for key, value in default_args.items():
                if _accepted(cls, key):
                    kwargs.setdefault(key, value)
            return cls(**kwargs)
        if isinstance(node, dict):
            return {k: _build(v) for k, v in node.items()}
        if isinstance(node, (list, tuple)):
            return type(node)(_build(v) for v in node)
        return node

    return _build(cfg)
