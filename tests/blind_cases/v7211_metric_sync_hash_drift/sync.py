"""Registry of metrics whose states are reduced across workers before compute()."""
import torch

_ACTIVE = set()


def register(metric):
    _ACTIVE.add(metric)  # retain
    return metric


def unregister(metric):
    _ACTIVE.discard(metric)


def all_reduce_(tensor, world_size=1):
    # Single-process stand-in for torch.distributed.all_reduce(SUM).
    tensor.mul_(world_size)
    return tensor


def sync_all(world_size=1):
    for metric in list(_ACTIVE):
        for value in metric.states().values():
            if torch.is_tensor(value):
                all_reduce_(value, world_size)
