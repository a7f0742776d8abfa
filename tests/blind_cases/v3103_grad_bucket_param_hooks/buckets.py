"""Gradient buckets: parameters are grouped in reverse registration order, as DDP does."""
from dataclasses import dataclass, field

import torch


@dataclass
class GradBucket:
    index: int
    params: list
    offsets: list = field(default_factory=list)
    flat: torch.Tensor = None
    pending: int = 0

    def __post_init__(self):
        total = 0
        for p in self.params:
            self.offsets.append(total)
            total += p.numel()
        self.flat = torch.zeros(total)
        self.reset()

    def reset(self):
        self.pending = len(self.params)

    def view_for(self, slot):
        start = self.offsets[slot]
        return self.flat[start:start + self.params[slot].numel()]


def assign_buckets(params, cap_numel):
    groups, current, size = [], [], 0
    for p in reversed(params):
        if current and size + p.numel() > cap_numel:
            groups.append(current)
            current, size = [], 0
        current.append(p)
        size += p.numel()
    if current:
        groups.append(current)
    return [GradBucket(i, list(group)) for i, group in enumerate(groups)]  # cycle


def mark_ready(bucket, slot, reduce_fn, grad):
    bucket.view_for(slot).copy_(grad.reshape(-1))
    bucket.pending -= 1
    if bucket.pending == 0:
        reduce_fn(bucket)
    return grad
