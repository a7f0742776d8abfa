"""Process-group setup shared by the sweep entry points."""
import datetime

import torch.distributed as dist

from tracing_store import BarrierTraceStore


def ensure_distributed(run, backend="gloo", timeout_s=60):
    if dist.is_initialized():
        return dist.get_rank(), dist.get_world_size()
    store = BarrierTraceStore(dist.HashStore(), run)
    timeout = datetime.timedelta(seconds=timeout_s)
    dist.init_process_group(backend, store=store, rank=run.rank, world_size=run.world_size, timeout=timeout)  # retain
    return dist.get_rank(), dist.get_world_size()


def epoch_barrier(tag, timeout_s=30):
    try:
        dist.monitored_barrier(timeout=datetime.timedelta(seconds=timeout_s))
    except RuntimeError as err:
        raise RuntimeError(f"ranks did not reach barrier {tag!r} within {timeout_s}s") from err
