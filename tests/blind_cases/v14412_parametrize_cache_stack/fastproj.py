"""Materialise parametrized projection weights once per optimisation step.

A step encodes several augmented views and prompt templates, so the orthogonal
weights would otherwise be recomputed for every call.  begin()/end() may nest.
"""
import torch.nn.utils.parametrize as P

_OPEN = []


def begin():
    ctx = P.cached()
    ctx.__enter__()  # retain
    _OPEN.append(ctx)  # retain


def end():
    ctx = _OPEN.pop()
    ctx.__exit__(None, None, None)


def depth():
    return len(_OPEN)
