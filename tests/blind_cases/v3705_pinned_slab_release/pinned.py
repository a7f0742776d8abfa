"""Pool of reusable staging buffers for host-to-device batch transfer."""
import functools
from dataclasses import dataclass, field

import torch


@dataclass
class Slab:
    shape: tuple
    dtype: torch.dtype
    data: torch.Tensor = field(repr=False)
    release: object = field(default=None, repr=False)
    uses: int = 0


class StagingPool:
    """Hands out preallocated buffers keyed by (shape, dtype) and takes them back."""

    def __init__(self, pin=None):
        self.pin = torch.cuda.is_available() if pin is None else pin
        self._free = {}
        self._all = []

    def _allocate(self, shape, dtype):
        data = torch.empty(shape, dtype=dtype)
        if self.pin:
            data = data.pin_memory()
        slab = Slab(tuple(shape), dtype, data)
        slab.release = functools.partial(self._give_back, slab)  # cycle
        self._all.append(slab)  # cycle
        return slab

    def acquire(self, shape, dtype=torch.float32):
        bucket = self._free.setdefault((tuple(shape), dtype), [])
        slab = bucket.pop() if bucket else self._allocate(shape, dtype)
        slab.uses += 1
        return slab

    def _give_back(self, slab):
        self._free[(slab.shape, slab.dtype)].append(slab)  # cycle

    def stage(self, tensor):
        slab = self.acquire(tensor.shape, tensor.dtype)
        slab.data.copy_(tensor)
        return slab

    @property
    def nbytes(self):
        return sum(s.data.numel() * s.data.element_size() for s in self._all)
