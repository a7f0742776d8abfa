"""Attribute-path builder for optimizer parameter groups.

    spec = GroupSpec(model)
    spec.encoder.lr = 1e-4
    spec.encoder.layers[0].frozen = True
    spec.head.weight_decay = 0.0
    groups = spec.param_groups(lr=1e-3, weight_decay=0.01)
"""
import torch.nn as nn

OPTIONS = frozenset({"lr", "weight_decay", "frozen"})


class GroupSpec:
    def __init__(self, module, parent=None, name=""):
        object.__setattr__(self, "_module", module)
        object.__setattr__(self, "_parent", parent)  # cycle
        object.__setattr__(self, "_name", name)
        object.__setattr__(self, "_children", {})
        object.__setattr__(self, "_options", {})

    def _child(self, key):
        children = self._children
        if key not in children:
            sub = self._module._modules.get(key)
            if sub is None:
                raise AttributeError(f"{self.path or '<root>'} has no submodule {key!r}")
            children[key] = GroupSpec(sub, parent=self, name=key)  # cycle
        return children[key]

    def __getattr__(self, name):
        if name.startswith("_"):
            raise AttributeError(name)
        return self._child(name)

    def __getitem__(self, index):
        return self._child(str(index))

    def __setattr__(self, name, value):
        if name not in OPTIONS:
            raise AttributeError(f"unknown parameter-group option {name!r}")
        self._options[name] = value

    @property
    def path(self):
        parts, node = [], self
        while node._parent is not None:
            parts.append(node._name)
            node = node._parent
        return ".".join(reversed(parts))

    def _resolved(self, defaults):
        base = dict(defaults) if self._parent is None else self._parent._resolved(defaults)
        base.update(self._options)
        return base

    def _walk(self):
        yield self
        for child in self._children.values():
            yield from child._walk()

    def param_groups(self, **defaults):
        owner = {}
        for node in self._walk():
            for p in node._module.parameters():
                owner[p] = node
        groups = {}
        for p, node in owner.items():
            opts = node._resolved(defaults)
            if opts.pop("frozen", False):
                p.requires_grad_(False)
                continue
            p.requires_grad_(True)
            key = (node.path, tuple(sorted(opts.items())))
            groups.setdefault(key, {"params": [], "name": node.path or "root", **opts})["params"].append(p)
        return list(groups.values())


def describe(groups):
    return [(g["name"], len(g["params"]), g["lr"]) for g in groups]
