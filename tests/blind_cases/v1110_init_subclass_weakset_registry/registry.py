"""Registry of trainable building blocks.

Subclasses register themselves by name when they are defined, and every live
instance is tracked so the sweep driver can print a parameter summary.
"""
import weakref
from collections import Counter

import torch.nn as nn


class Block(nn.Module):
    kinds = {}
    live = weakref.WeakSet()

    def __init_subclass__(cls, kind=None, **kwargs):
        super().__init_subclass__(**kwargs)
        Block.kinds[kind or cls.__name__.lower()] = cls

    def __init__(self):
        super().__init__()
        Block.live.add(self)

    def n_params(self):
        return sum(p.numel() for p in self.parameters())


def build(kind, *args, **kwargs):
    return Block.kinds[kind](*args, **kwargs)


def parameter_summary():
    counts, params = Counter(), Counter()
    for block in list(Block.live):
        counts[type(block).__name__] += 1
        params[type(block).__name__] += block.n_params()
    return "\n".join("%-10s x%-3d %8d params" % (k, counts[k], params[k]) for k in sorted(counts))
