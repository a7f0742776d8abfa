"""Apex-style delayed all-reduce: gradient hooks only mark parameters ready, and a callback queued on the
autograd engine averages the gradients in flat, size-capped buckets once backward has finished."""
import functools

import torch
import torch.distributed as dist
from torch._utils import _unflatten_dense_tensors
from torch.autograd import Variable

from dist_utils import partition_by_size


class DelayedAllReduce:
    def __init__(self, module, group=None, bucket_cap_bytes=4096):
        self.module = module
        self.group = group
        self.world_size = dist.get_world_size(group)
        self.params = [p for p in module.parameters() if p.requires_grad]
        sizes = [p.numel() * p.element_size() for p in self.params]
        self.buckets = partition_by_size(sizes, bucket_cap_bytes)
        self.ready = [False] * len(self.params)
        self.stats = {"backward_passes": 0, "allreduce_calls": 0}
        self._callback_queued = False
        self._handles = [p.register_hook(functools.partial(self._mark_ready, i)) for i, p in enumerate(self.params)]

    def _mark_ready(self, index, grad):
        self.ready[index] = True
        if not self._callback_queued:
            Variable._execution_engine.queue_callback(self._reduce_all)
            self._callback_queued = True
        return grad

    def _reduce_all(self):
        for bucket in self.buckets:
            grads = [self.params[i].grad for i in bucket if self.ready[i]]
            if not grads:
                continue
            flat = torch.cat([g.reshape(-1) for g in grads])
            dist.all_reduce(flat, group=self.group)
            flat.div_(self.world_size)
            for grad, synced in zip(grads, _unflatten_dense_tensors(flat, grads)):
                grad.copy_(synced)
            self.stats["allreduce_calls"] += 1
        self.ready = [False] * len(self.params)
        self._callback_queued = False
        self.stats["backward_passes"] += 1

    def close(self):
        for handle in self._handles:
            handle.remove()
        self._handles.clear()
