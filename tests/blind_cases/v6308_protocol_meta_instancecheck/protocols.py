"""Structural runtime checks for export passes (duck-typed, like runtime_checkable Protocols)."""
import inspect


class StructuralMeta(type):
    def __new__(mcls, name, bases, namespace):
        cls = super().__new__(mcls, name, bases, namespace)
        cls._required = tuple(namespace.get("__required__", ()))
        cls._verdicts = {}
        return cls

    def _conforms(cls, obj):
        for attr in cls._required:
            member = getattr(type(obj), attr, None)
            if member is None or not callable(member):
                return False
            if len(inspect.signature(member).parameters) != 1:
                return False
        return True

    def __instancecheck__(cls, obj):
        try:
            return cls._verdicts[obj]
        except KeyError:
            pass
        except TypeError:
            return cls._conforms(obj)
        verdict = cls._conforms(obj)
        cls._verdicts[obj] = verdict  # retain
        return verdict


class Reparameterizable(metaclass=StructuralMeta):
    __required__ = ("reparameterize",)


class Fusable(metaclass=StructuralMeta):
    __required__ = ("fuse",)


def prepare_for_export(model):
    counts = {"reparameterized": 0, "fused": 0}
    for module in list(model.modules()):
        if isinstance(module, Reparameterizable):
            module.reparameterize()
            counts["reparameterized"] += 1
        elif isinstance(module, Fusable):
            module.fuse()
            counts["fused"] += 1
    return counts
