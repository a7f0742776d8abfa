"""Flat-vector views of parameter lists, shared by SWAG, Laplace and weight-averaging utilities."""
import functools

import torch


@functools.lru_cache(maxsize=None)  # retain
def parameter_layout(params):
    """(offset, numel, shape) of every parameter in the flat vector, plus the total size."""
    layout, offset = [], 0
    for p in params:
        layout.append((offset, p.numel(), tuple(p.shape)))
        offset += p.numel()
    return tuple(layout), offset


def flatten(params):
    params = tuple(params)
    layout, total = parameter_layout(params)
    flat = torch.empty(total)
    with torch.no_grad():
        for p, (offset, numel, _) in zip(params, layout):
            flat[offset:offset + numel] = p.reshape(-1)
    return flat


def write_flat(vector, params):
    params = tuple(params)
    layout, total = parameter_layout(params)
    assert vector.numel() == total
    with torch.no_grad():
        for p, (offset, numel, shape) in zip(params, layout):
            p.copy_(vector[offset:offset + numel].view(shape))
