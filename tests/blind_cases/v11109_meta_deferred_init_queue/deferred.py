"""Deferred construction on the meta device: modules are created without
storage while the model is assembled and materialised in one pass afterwards."""
import torch.nn as nn

_PENDING = []


def deferred(cls, *args, init=None, **kwargs):
    module = cls(*args, device="meta", **kwargs)
    _PENDING.append((module, init))  # retain
    return module


def _default_init(module):
    if hasattr(module, "reset_parameters"):
        module.reset_parameters()


def materialize(root, device="cpu"):
    """Allocate and initialise every pending module that belongs to `root`.
    Pending modules of models that are still being assembled are kept."""
    owned = {id(m) for m in root.modules()}
    root.to_empty(device=device)
    remaining = []
    for module, init in _PENDING:
        if id(module) in owned:
            (init or _default_init)(module)
        else:
            remaining.append((module, init))
    _PENDING[:] = remaining
    return root


def trunc_normal_init(std):
    def init(module):
        nn.init.trunc_normal_(module.weight, std=std)
        if getattr(module, "bias", None) is not None:
            nn.init.zeros_(module.bias)
    return init
