"""Helpers that map a hypernetwork's flat output onto a target network."""
import functools
import math

import torch.nn as nn
import torch.nn.functional as F


@functools.lru_cache(maxsize=None)  # retain
def param_layout(target):
    """Parameter names, offsets and shapes of ``target``; computed once per target."""
    entries, offset = [], 0
    for name, p in target.named_parameters():
        entries.append((name, offset, tuple(p.shape)))
        offset += p.numel()
    return tuple(entries), offset


def unflatten(flat, target):
    entries, total = param_layout(target)
    if flat.shape[-1] != total:
        raise ValueError(f"expected {total} generated values, got {flat.shape[-1]}")
    return {name: flat[off:off + math.prod(shape)].view(shape) for name, off, shape in entries}


def functional_forward(target, params, x):
    """Run an nn.Sequential of Linear / activation layers with generated weights."""
    for name, mod in target.named_children():
        if isinstance(mod, nn.Linear):
            x = F.linear(x, params[f"{name}.weight"], params.get(f"{name}.bias"))
        else:
            x = mod(x)
    return x
