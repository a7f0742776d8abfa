"""Loopback process group: collectives on one rank with asynchronous completion."""
import torch

_REDUCE_OPS = {
    "sum": lambda t, world: t,
    "mean": lambda t, world: t.div_(world),
}


class LoopbackGroup:
    """Async collectives complete when the group is progressed, like a real backend's work queue."""

    def __init__(self, rank=0, world_size=1, backend="loopback"):
        self.rank = rank
        self.world_size = world_size
        self.backend = backend
        self._inflight = []
        self.completed = 0

    def all_reduce(self, tensor, op="sum", async_op=False):
        fut = torch.futures.Future()
        self._inflight.append((fut, tensor, op))  # retain
        if async_op:
            return fut
        self.progress()
        return fut.wait()

    def progress(self):
        pending = list(self._inflight)
        self._inflight.clear()
        for fut, tensor, op in pending:
            fut.set_result(_REDUCE_OPS[op](tensor, self.world_size))
            self.completed += 1

    @property
    def is_main(self):
        return self.rank == 0
