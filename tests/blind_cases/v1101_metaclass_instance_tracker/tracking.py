"""Bookkeeping for trainable components.

Every component built during a run reports itself here, so the sweep driver
can print a per-class parameter summary without threading the models
through every helper.
"""
from collections import defaultdict

import torch.nn as nn

_BY_CLASS = defaultdict(list)


class TrackedMeta(type):
    """Metaclass that records each constructed component under its class name."""

    def __call__(cls, *args, **kwargs):
        obj = super().__call__(*args, **kwargs)
        _BY_CLASS[cls.__name__].append(obj)  # retain
        return obj


class Component(nn.Module, metaclass=TrackedMeta):
    """Base class for the building blocks of the sweep models."""

    def n_params(self):
        return sum(p.numel() for p in self.parameters())


def parameter_summary():
    rows = []
    for name, objs in sorted(_BY_CLASS.items()):
        total = sum(o.n_params() for o in objs)
        rows.append("%-10s x%-3d %8d params" % (name, len(objs), total))
    return "\n".join(rows)
