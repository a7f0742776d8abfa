"""Deferred construction on the meta device: modules are created without
storage while the model is assembled and materialised in one pass afterwards."""
import torch.nn as nn


def default_init(module):
    if hasattr(module, "reset_parameters"):
        module.reset_parameters()


def scaled_normal_init(std):
    def init(module):
        nn.init.normal_(module.weight, std=std)
        if getattr(module, "bias", None) is not None:
            nn.init.zeros_(module.bias)
    return init


class DeferredBuilder:
    """One builder per model under construction; it owns the pending list."""

    def __init__(self, device="cpu"):
        self.device = device
        self.pending = []

    def __call__(self, cls, *args, init=None, **kwargs):
        module = cls(*args, device="meta", **kwargs)
        self.pending.append((module, init or default_init))
        return module

    def materialize(self, root):
        owned = {id(m) for m in root.modules()}
        root.to_empty(device=self.device)
        for module, init in self.pending:
            if id(module) in owned:
                init(module)
        self.pending.clear()
        return root
