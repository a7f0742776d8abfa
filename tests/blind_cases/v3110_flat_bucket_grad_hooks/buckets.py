"""Gradient buckets described by parameter names and shapes, backed by one flat buffer."""
from dataclasses import dataclass, field

import torch


@dataclass
class FlatBucket:
    index: int
    names: list
    shapes: list
    offsets: list = field(default_factory=list)
    flat: torch.Tensor = None
    pending: int = 0

    def __post_init__(self):
        total = 0
        for shape in self.shapes:
            self.offsets.append(total)
            total += shape.numel()
        self.flat = torch.zeros(total)
        self.reset()

    def reset(self):
        self.pending = len(self.names)

    def view_for(self, slot):
        start = self.offsets[slot]
        return self.flat[start:start + self.shapes[slot].numel()].view(self.shapes[slot])


def plan_buckets(named_params, cap_numel):
    groups, current, size = [], [], 0
    for name, p in reversed(named_params):
        if current and size + p.numel() > cap_numel:
            groups.append(current)
            current, size = [], 0
        current.append((name, p.shape))
        size += p.numel()
    if current:
        groups.append(current)
    return [FlatBucket(i, [n for n, _ in g], [s for _, s in g]) for i, g in enumerate(groups)]


def copy_grad_into(bucket, slot, reduce_fn, grad):
    bucket.view_for(slot).copy_(grad)
    bucket.pending -= 1
    if bucket.pending == 0:
        reduce_fn(bucket)
    return grad
