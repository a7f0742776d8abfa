"""Rank utilities and a single-process debug launcher that runs each rank in turn."""
import functools
import os


def rank_zero_only(fn):
    @functools.wraps(fn)
    def wrapped(*args, **kwargs):
        if rank_zero_only.rank == 0:
            return fn(*args, **kwargs)
        return None
    return wrapped


rank_zero_only.rank = int(os.environ.get("RANK", 0))


def debug_launch(worker, world_size, *args):
    """Runs `worker(rank, world_size, *args)` for every rank sequentially (no processes)."""
    results = []
    for rank in range(world_size):
        rank_zero_only.rank = rank
        results.append(worker(rank, world_size, *args))
    rank_zero_only.rank = 0
    return results
