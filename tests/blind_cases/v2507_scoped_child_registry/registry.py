"""Hierarchical registries: a child registry resolves names locally, then falls back to its parent."""


def build_from_cfg(cfg, registry, default_args=None):
    args = dict(cfg)
    for key, value in (default_args or {}).items():
        args.setdefault(key, value)
    obj_cls = registry.get(args.pop("type"))
    return obj_cls(**args)


class Registry:
    def __init__(self, name, parent=None, scope=None, build_func=None):
        self._name = name
        self._module_dict = {}
        self._children = {}
        self._scope = scope or name
        self.parent = parent
        if build_func is None:
            build_func = parent.build_func if parent is not None else build_from_cfg
        self.build_func = build_func
        if parent is not None:
            parent._add_child(self)

    @property
    def scope(self):
        return self._scope

    def _add_child(self, registry):
        if registry.scope in self._children:
            raise KeyError(f"scope {registry.scope!r} already exists in {self._name}")
        self._children[registry.scope] = registry  # retain

    def register_module(self, name=None, module=None, force=False):
        def _register(obj):
            key = name or obj.__name__
            if key in self._module_dict and not force:
                raise KeyError(f"{key} is already registered in {self._scope}")
            self._module_dict[key] = obj
            return obj
        return _register(module) if module is not None else _register

    def get(self, key):
        registry = self
        while registry is not None:
            if key in registry._module_dict:
                return registry._module_dict[key]
            registry = registry.parent
        raise KeyError(f"{key} not found in {self._scope} or its parents")

    def build(self, cfg, **default_args):
        return self.build_func(cfg, self, default_args)
