"""Helpers for running the data-parallel code path on a single-process gloo group (CPU CI)."""
import contextlib
import os
import tempfile

import torch.distributed as dist


@contextlib.contextmanager
def single_process_group(backend="gloo"):
    with tempfile.TemporaryDirectory() as tmp:
        init_file = os.path.join(tmp, "rendezvous")
        dist.init_process_group(backend, init_method=f"file://{init_file}", rank=0, world_size=1)
        try:
            yield dist.group.WORLD
        finally:
            dist.destroy_process_group()


def partition_by_size(sizes, cap):
    buckets, current, filled = [], [], 0
    for i, size in reversed(list(enumerate(sizes))):
        if current and filled + size > cap:
            buckets.append(current)
            current, filled = [], 0
        current.append(i)
        filled += size
    if current:
        buckets.append(current)
    return buckets
