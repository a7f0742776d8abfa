"""Pads variable-length feature sequences into pooled buffers."""
import torch

from bufpool import POOL


class PaddedCollator:
    def __init__(self, feature_dim, bucket=8, owner=None):
        self.feature_dim = feature_dim
        self.bucket = bucket
        self.owner = owner

    def _bucketed(self, n):
        return ((n + self.bucket - 1) // self.bucket) * self.bucket

    def __call__(self, sequences):
        lengths = [s.shape[0] for s in sequences]
        max_len = max(lengths)
        shape = (self._bucketed(len(sequences)), self._bucketed(max_len), self.feature_dim)
        buf = POOL.acquire(shape, owner=self.owner)
        buf.zero_()
        for i, seq in enumerate(sequences):
            buf[i, : seq.shape[0]].copy_(seq)
        mask = torch.arange(max_len)[None, :] < torch.tensor(lengths)[:, None]
        return buf[: len(sequences), :max_len], mask
