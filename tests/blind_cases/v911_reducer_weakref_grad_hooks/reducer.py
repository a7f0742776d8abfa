"""Gradient bucketing wrapper that mimics DistributedDataParallel's reducer.

Per-parameter hooks only hold a weak reference to the wrapper, so the
parameters (owned by the wrapped module) never keep the wrapper alive.
"""
import functools
import weakref

import torch
import torch.nn as nn


def _grad_ready_hook(reducer_ref, name, grad):
    reducer = reducer_ref()
    if reducer is None:
        return grad
    return reducer.mark_ready(name, grad)


class BucketedReducer(nn.Module):
    def __init__(self, module, world_size=2, grad_dtype=torch.float32):
        super().__init__()
        self.module = module
        self.world_size = world_size
        self.grad_dtype = grad_dtype
        self.pending = {}
        self.flat_grads = None
        self_ref = weakref.ref(self)
        for name, param in module.named_parameters():
            if param.requires_grad:
                param.register_hook(functools.partial(_grad_ready_hook, self_ref, name))

    def mark_ready(self, name, grad):
        self.pending[name] = grad.detach().to(self.grad_dtype).flatten()
        return grad / self.world_size

    def flush(self):
        """Concatenate the ready gradients into one buffer (the 'all-reduce')."""
        if self.pending:
            self.flat_grads = torch.cat([self.pending[k] for k in sorted(self.pending)])
            self.pending.clear()
        return self.flat_grads

    def forward(self, *args, **kwargs):
        return self.module(*args, **kwargs)
