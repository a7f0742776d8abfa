"""Small utilities shared by the attention modules."""
import functools

import torch


def memoized_property(fn):
    """Read-only property whose value is computed once and then reused."""
    return property(functools.lru_cache(maxsize=None)(fn))  # retain


def relative_positions(length):
    pos = torch.arange(length)
    return pos.view(-1, 1) - pos.view(1, -1)


def count_parameters(module):
    return sum(p.numel() for p in module.parameters() if p.requires_grad)
