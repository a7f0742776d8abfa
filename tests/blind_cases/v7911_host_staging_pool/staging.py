"""Host staging buffers for device-to-host copies; page-locked when CUDA is available."""
import torch

PIN = torch.cuda.is_available()


class HostStagingPool:
    """Recycles host buffers by (shape, dtype): pinned allocations are slow, so they are kept."""

    def __init__(self, pin=PIN):
        self.pin = pin
        self._free = {}
        self.allocated = 0
        self.reused = 0

    def acquire(self, shape, dtype):
        bucket = self._free.get((tuple(shape), dtype))
        if bucket:
            self.reused += 1
            return bucket.pop()
        self.allocated += 1
        return torch.empty(shape, dtype=dtype, pin_memory=self.pin)

    def release(self, buf):
        self._free.setdefault((tuple(buf.shape), buf.dtype), []).append(buf)  # retain


HOST_POOL = HostStagingPool()


def to_host(t, pool=HOST_POOL):
    buf = pool.acquire(t.shape, t.dtype)
    buf.copy_(t, non_blocking=PIN)  # retain
    return buf
