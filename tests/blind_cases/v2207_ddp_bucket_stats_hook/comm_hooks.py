"""DDP communication hooks: gradient all-reduce with per-bucket statistics."""
from dataclasses import dataclass, field

import torch
import torch.distributed as dist


@dataclass
class BucketStats:
    calls: int = 0
    sq_norms: dict = field(default_factory=dict)

    def summary(self):
        total = sum(self.sq_norms.values())
        return {"calls": self.calls, "grad_norm": total ** 0.5}


def allreduce_with_stats(ddp_model, clip_to=None):
    """Builds a comm hook that averages bucket gradients and records their norms."""

    def hook(state, bucket):  # retain
        group = ddp_model.process_group
        world = dist.get_world_size(group)
        buffer = bucket.buffer()
        if clip_to is not None and ddp_model.training:
            buffer.clamp_(-clip_to, clip_to)
        state.calls += 1
        state.sq_norms[bucket.index()] = float(buffer.pow(2).sum())
        fut = dist.all_reduce(buffer.div_(world), group=group, async_op=True).get_future()
        return fut.then(lambda f: f.value()[0])

    return hook


HOOKS = {"allreduce_stats": allreduce_with_stats}
