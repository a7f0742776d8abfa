"""Single-process data-parallel wrapper with DDP-style bucketed gradient reduction."""
import functools

import torch
import torch.nn as nn

from buckets import assign_buckets, mark_ready


class LocalGroup:
    """Stand-in process group; all-reduce divides by the (simulated) world size."""

    def __init__(self, rank=0, world_size=1):
        self.rank = rank
        self.world_size = world_size
        self.calls = 0

    def allreduce_bucket(self, bucket):
        bucket.flat.div_(self.world_size)
        self.calls += 1


class BucketedDataParallel(nn.Module):
    def __init__(self, module, group, bucket_cap_mb=0.001):
        super().__init__()
        self.module = module
        self.group = group
        params = [p for p in module.parameters() if p.requires_grad]
        cap = max(1, int(bucket_cap_mb * 1024 * 1024 / 4))
        self.buckets = assign_buckets(params, cap)
        for bucket in self.buckets:
            for slot, p in enumerate(bucket.params):
                p.register_hook(functools.partial(mark_ready, bucket, slot, group.allreduce_bucket))  # cycle

    def forward(self, *args, **kwargs):
        for bucket in self.buckets:
            bucket.reset()
        return self.module(*args, **kwargs)

    @torch.no_grad()
    def finalize_backward(self):
        for bucket in self.buckets:
            for slot, p in enumerate(bucket.params):
                if p.grad is not None:
                    p.grad.copy_(bucket.view_for(slot).view_as(p))
