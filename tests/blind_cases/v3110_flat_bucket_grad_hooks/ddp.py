"""Single-process data-parallel wrapper; reduced gradients are copied back by parameter name."""
import functools

import torch
import torch.nn as nn

from buckets import copy_grad_into, plan_buckets


class LocalGroup:
    def __init__(self, rank=0, world_size=1):
        self.rank = rank
        self.world_size = world_size
        self.calls = 0

    def allreduce_bucket(self, bucket):
        bucket.flat.div_(self.world_size)
        self.calls += 1


class FlatBucketDataParallel(nn.Module):
    def __init__(self, module, group, bucket_cap_mb=0.004):
        super().__init__()
        self.module = module
        self.group = group
        named = [(n, p) for n, p in module.named_parameters() if p.requires_grad]
        cap = max(1, int(bucket_cap_mb * 1024 * 1024 / 4))
        self.buckets = plan_buckets(named, cap)
        self._slots = {}
        for bucket in self.buckets:
            for slot, name in enumerate(bucket.names):
                self._slots[name] = (bucket.index, slot)
        params = dict(named)
        for name, (b, slot) in self._slots.items():
            params[name].register_hook(functools.partial(copy_grad_into, self.buckets[b], slot, group.allreduce_bucket))

    def forward(self, *args, **kwargs):
        for bucket in self.buckets:
            bucket.reset()
        return self.module(*args, **kwargs)

    @torch.no_grad()
    def finalize_backward(self):
        for name, p in self.module.named_parameters():
            if p.grad is not None and name in self._slots:
                b, slot = self._slots[name]
                p.grad.copy_(self.buckets[b].view_for(slot))
