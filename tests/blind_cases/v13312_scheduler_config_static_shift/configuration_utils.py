"""diffusers-style configuration: __init__ arguments are recorded in a frozen config dict."""
import functools
import inspect
import json
from collections import OrderedDict


class FrozenDict(OrderedDict):
    def __init__(self, *args, **kwargs):
        super().__init__(*args, **kwargs)
        self.__dict__["_frozen"] = True

    def __setitem__(self, key, value):
        if self.__dict__.get("_frozen"):
            raise TypeError(f"cannot set {key!r} on a frozen config")
        super().__setitem__(key, value)

    def __getattr__(self, name):
        try:
            return self[name]
        except KeyError:
            raise AttributeError(name) from None


class ConfigMixin:
    def register_to_config(self, **kwargs):
        internal = dict(getattr(self, "_internal_dict", {}))
        internal.update(kwargs)
        self._internal_dict = FrozenDict(internal)

    @property
    def config(self):
        return self._internal_dict

    @classmethod
    def from_config(cls, config, **kwargs):
        accepted = inspect.signature(cls.__init__).parameters
        return cls(**{k: v for k, v in {**config, **kwargs}.items() if k in accepted})

    def to_json_string(self):
        plain = (int, float, str, bool, list, type(None))
        payload = {k: v if isinstance(v, plain) else getattr(v, "__qualname__", repr(v))
                   for k, v in self.config.items()}
        return json.dumps({"_class_name": type(self).__name__, **payload}, sort_keys=True)


def register_to_config(init):
    @functools.wraps(init)
    def inner_init(self, *args, **kwargs):
        init(self, *args, **kwargs)
        bound = inspect.signature(init).bind(self, *args, **kwargs)
        bound.apply_defaults()
        self.register_to_config(**{k: v for k, v in bound.arguments.items() if k != "self"})

    return inner_init
