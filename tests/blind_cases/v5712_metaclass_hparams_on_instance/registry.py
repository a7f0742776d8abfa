"""Metaclass-backed component registry; constructor arguments are kept for config export."""
import inspect

import torch.nn as nn

COMPONENTS = {}


class ComponentMeta(type):
    def __new__(mcls, name, bases, ns, **kw):
        cls = super().__new__(mcls, name, bases, ns, **kw)
        if not ns.get("abstract", False):
            COMPONENTS[ns.get("key", name.lower())] = cls
        return cls

    def __call__(cls, *args, **kwargs):
        instance = super().__call__(*args, **kwargs)
        bound = inspect.signature(cls.__init__).bind(None, *args, **kwargs)
        bound.apply_defaults()
        hparams = dict(bound.arguments)
        hparams.pop(next(iter(hparams)))
        instance.__dict__["_hparams"] = hparams
        return instance


class Component(nn.Module, metaclass=ComponentMeta):
    abstract = True

    def to_config(self):
        out = {"type": type(self).key}
        for key, value in self._hparams.items():
            out[key] = value.to_config() if isinstance(value, Component) else value
        return out


def instantiate(cfg):
    cfg = dict(cfg)
    cls = COMPONENTS[cfg.pop("type")]
    return cls(**{k: instantiate(v) if isinstance(v, dict) and "type" in v else v for k, v in cfg.items()})
