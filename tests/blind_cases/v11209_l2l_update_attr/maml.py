"""Minimal learn2learn-style MAML: clone the module, then update the clone's parameters in place."""
import torch
import torch.nn as nn


def clone_module(module, memo=None):
    if memo is None:
        memo = {}
    clone = module.__new__(type(module))
    clone.__dict__ = module.__dict__.copy()
    clone._parameters = module._parameters.copy()
    clone._buffers = module._buffers.copy()
    clone._modules = module._modules.copy()
    for key, param in module._parameters.items():
        if param is None:
            continue
        if id(param) not in memo:
            memo[id(param)] = param.clone()
        clone._parameters[key] = memo[id(param)]
    for key, child in module._modules.items():
        clone._modules[key] = clone_module(child, memo)
    return clone


def update_module(module, updates=None, memo=None):
    if memo is None:
        memo = {}
    if updates is not None:
        for p, g in zip(module.parameters(), updates):
            p.update = g  # retain
    for key, p in module._parameters.items():
        if p is None:
            continue
        if id(p) in memo:
            module._parameters[key] = memo[id(p)]
        elif getattr(p, "update", None) is not None:
            updated = p + p.update
            memo[id(p)] = updated
            module._parameters[key] = updated
    for key, child in module._modules.items():
        module._modules[key] = update_module(child, memo=memo)
    return module


class MAML(nn.Module):
    def __init__(self, model, lr, first_order=False, allow_unused=False):
        super().__init__()
        self.module = model
        self.lr = lr
        self.first_order = first_order
        self.allow_unused = allow_unused

    def forward(self, *args, **kwargs):
        return self.module(*args, **kwargs)

    def clone(self):
        return MAML(clone_module(self.module), self.lr, self.first_order, self.allow_unused)

    def adapt(self, loss):
        params = list(self.module.parameters())
        grads = torch.autograd.grad(loss, params, create_graph=not self.first_order,
                                    retain_graph=not self.first_order, allow_unused=self.allow_unused)
        updates = [None if g is None else -self.lr * g for g in grads]
        update_module(self.module, updates=updates)
