"""Minimal DEAP-style creator: builds classes at run time and publishes them in this module."""
import warnings


class Fitness:
    weights = ()

    def __init__(self, values=()):
        self.wvalues = tuple(v * w for v, w in zip(values, self.weights))

    @property
    def values(self):
        return tuple(v / w for v, w in zip(self.wvalues, self.weights))

    @values.setter
    def values(self, values):
        self.wvalues = tuple(v * w for v, w in zip(values, self.weights))

    def invalidate(self):
        self.wvalues = ()


def create(name, base, **kwargs):
    if name in globals():
        warnings.warn(f"A class named {name!r} has already been created and will be overwritten.")
    dict_inst = {}
    dict_cls = {}
    for key, value in kwargs.items():
        if isinstance(value, type):
            dict_inst[key] = value
        else:
            dict_cls[key] = value

    def init_type(self, *args, **kw):
        for attr, factory in dict_inst.items():
            setattr(self, attr, factory())
        base.__init__(self, *args, **kw)

    objtype = type(str(name), (base,), dict_cls)
    objtype.__init__ = init_type
    globals()[name] = objtype
    return objtype
