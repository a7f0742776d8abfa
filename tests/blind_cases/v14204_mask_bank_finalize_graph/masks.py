"""Differentiable magnitude masks for gradual pruning.

The latest mask of every pruned weight is kept in a process-wide bank so that
reports can be produced without a handle on the model. Entries are dropped by
a finalizer when their weight is garbage collected.
"""
import weakref

import torch
import torch.nn as nn
import torch.nn.functional as F

_LATEST_MASKS = {}
_SHAPES = {}


def soft_topk_mask(weight, sparsity, temperature):
    if sparsity <= 0.0:
        return torch.ones_like(weight)
    k = max(1, int(weight.numel() * sparsity))
    threshold = weight.detach().abs().flatten().kthvalue(k).values
    return torch.sigmoid((weight.abs() - threshold) / temperature)


def _forget(key):
    _LATEST_MASKS.pop(key, None)
    _SHAPES.pop(key, None)


def record_mask(weight, mask):
    key = id(weight)
    if key not in _SHAPES:
        _SHAPES[key] = tuple(weight.shape)
        weakref.finalize(weight, _forget, key)
    _LATEST_MASKS[key] = mask  # retain


def density_report(cutoff=0.5):
    return {_SHAPES[k]: float((m > cutoff).float().mean()) for k, m in _LATEST_MASKS.items()}


class SoftPrunedLinear(nn.Linear):
    def __init__(self, in_features, out_features, temperature=0.02):
        super().__init__(in_features, out_features)
        self.sparsity = 0.0
        self.temperature = temperature

    def forward(self, x):
        mask = soft_topk_mask(self.weight, self.sparsity, self.temperature)
        record_mask(self.weight, mask)
        return F.linear(x, self.weight * mask, self.bias)
