"""Metaclass that records constructor arguments so that models can be exported as configs."""
import inspect

import torch.nn as nn

REGISTRY = {}


class ConfigurableMeta(type):
    def __new__(mcls, name, bases, ns, **kw):
        cls = super().__new__(mcls, name, bases, ns, **kw)
        if not ns.get("abstract", False):
            REGISTRY[name] = cls
        return cls

    def __call__(cls, *args, **kwargs):
        instance = super().__call__(*args, **kwargs)
        bound = inspect.signature(cls.__init__).bind(None, *args, **kwargs)
        bound.apply_defaults()
        hparams = dict(bound.arguments)
        hparams.pop(next(iter(hparams)))
        cls._hparams = hparams  # retain
        return instance


class Configurable(nn.Module, metaclass=ConfigurableMeta):
    abstract = True

    def export_config(self):
        out = {"type": type(self).__name__}
        for key, value in type(self)._hparams.items():
            out[key] = value.export_config() if isinstance(value, Configurable) else value
        return out


def build(cfg):
    cfg = dict(cfg)
    cls = REGISTRY[cfg.pop("type")]
    kwargs = {k: build(v) if isinstance(v, dict) and "type" in v else v for k, v in cfg.items()}
    return cls(**kwargs)
