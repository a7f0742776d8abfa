"""Weight-free target architectures for the task-conditioned hypernetwork.

Target networks never own trainable weights: every run builds a hypernetwork
that emits a flat parameter vector, and the vector is scattered into one of
the shared templates below for the duration of a single call.
"""
import contextlib
import math

import torch.nn as nn

ARCHS = {
    "mlp-small": (6, 16, 3),
    "mlp-deep": (6, 16, 16, 3),
}


def _build(dims):
    layers = []
    for i, (d_in, d_out) in enumerate(zip(dims[:-1], dims[1:])):
        layers.append(nn.Linear(d_in, d_out))
        if i < len(dims) - 2:
            layers.append(nn.Tanh())
    net = nn.Sequential(*layers)
    for p in net.parameters():
        p.requires_grad_(False)
    return net


TEMPLATES = {name: _build(dims) for name, dims in ARCHS.items()}


def param_layout(net):
    """(module name, parameter name, offset, shape) for every parameter slot."""
    layout, offset = [], 0
    for mod_name, mod in net.named_modules():
        for p_name, p in mod._parameters.items():
            if p is None:
                continue
            layout.append((mod_name, p_name, offset, tuple(p.shape)))
            offset += p.numel()
    return layout, offset


@contextlib.contextmanager
def bound_flat(net, flat, layout):
    """Scatter a generated flat vector into the template, learn2learn-style,
    and put the template's placeholders back when the call is done."""
    modules = dict(net.named_modules())
    saved = []
    for mod_name, p_name, offset, shape in layout:
        slots = modules[mod_name]._parameters
        saved.append((slots, p_name, slots[p_name]))
        slots[p_name] = flat[offset:offset + math.prod(shape)].view(shape)
    try:
        yield net
    finally:
        for slots, p_name, placeholder in saved:
            slots[p_name] = placeholder
