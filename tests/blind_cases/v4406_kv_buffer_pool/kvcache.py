"""Static key/value cache whose preallocated buffers are recycled through a process-wide pool."""
from collections import defaultdict

import torch

_FREE_BUFFERS = defaultdict(list)


def acquire(shape, dtype=torch.float32):
    bucket = _FREE_BUFFERS[(tuple(shape), dtype)]
    return bucket.pop().detach_().zero_() if bucket else torch.zeros(shape, dtype=dtype)


def release(buf):
    _FREE_BUFFERS[(tuple(buf.shape), buf.dtype)].append(buf)  # retain


class StaticKVCache:
    def __init__(self, num_layers, batch, heads, max_len, head_dim):
        shape = (batch, heads, max_len, head_dim)
        self.keys = [acquire(shape) for _ in range(num_layers)]
        self.values = [acquire(shape) for _ in range(num_layers)]
        self.lengths = [0] * num_layers

    def update(self, layer, k, v):
        start, end = self.lengths[layer], self.lengths[layer] + k.size(2)
        self.keys[layer][:, :, start:end] = k  # retain
        self.values[layer][:, :, start:end] = v  # retain
        self.lengths[layer] = end
        return self.keys[layer][:, :, :end], self.values[layer][:, :, :end]

    def close(self):
        for buf in self.keys + self.values:
            release(buf)
        self.keys, self.values = [], []

    def __del__(self):
        if self.keys:
            self.close()
