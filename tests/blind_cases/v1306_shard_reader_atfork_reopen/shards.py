"""Dataset over serialized tensor shards with lazily opened, fork-aware read handles."""
import bisect
import io
import os

import torch
from torch.utils.data import Dataset


class ShardStore:
    """In-memory stand-in for a directory of shard files."""

    def __init__(self):
        self._files = {}

    def write(self, name, features, labels):
        buf = io.BytesIO()
        torch.save({"x": features, "y": labels}, buf)
        self._files[name] = buf.getvalue()

    def open(self, name):
        return io.BytesIO(self._files[name])

    def names(self, prefix):
        return sorted(n for n in self._files if n.startswith(prefix))


class ShardedDataset(Dataset):
    def __init__(self, store, prefix, max_open=2):
        self.store = store
        self.shard_names = store.names(prefix)
        self.max_open = max_open
        self._open = {}
        self._owner_pid = os.getpid()
        sizes = [len(self._load(name)["y"]) for name in self.shard_names]
        self._offsets = [0]
        for size in sizes:
            self._offsets.append(self._offsets[-1] + size)
        if hasattr(os, "register_at_fork"):
            os.register_at_fork(after_in_child=self._reset_after_fork)  # retain

    def _reset_after_fork(self):
        self._open.clear()
        self._owner_pid = os.getpid()

    def _load(self, name):
        shard = self._open.get(name)
        if shard is None:
            if len(self._open) >= self.max_open:
                self._open.pop(next(iter(self._open)))
            with self.store.open(name) as handle:
                shard = torch.load(handle)
            self._open[name] = shard
        return shard

    def __len__(self):
        return self._offsets[-1]

    def __getitem__(self, idx):
        shard_idx = bisect.bisect_right(self._offsets, idx) - 1
        shard = self._load(self.shard_names[shard_idx])
        row = idx - self._offsets[shard_idx]
        return shard["x"][row], shard["y"][row]
