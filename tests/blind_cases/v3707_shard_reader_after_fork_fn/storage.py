"""Record shards stored as packed float32 blobs; readers survive a fork of the loader process."""
import io
import multiprocessing.util
import struct

import torch

HEADER = struct.Struct("<II")


def pack_shard(features, labels):
    buf = io.BytesIO()
    n, d = features.shape
    buf.write(HEADER.pack(n, d))
    for row, label in zip(features.tolist(), labels.tolist()):
        buf.write(struct.pack("<%dfi" % d, *row, label))
    return buf.getvalue()


class ShardReader:
    """Random access into one shard; the handle is reopened in forked loader workers."""

    def __init__(self, blob, name):
        self.blob = blob
        self.name = name
        self._open()
        multiprocessing.util.register_after_fork(self, ShardReader._reopen)

    def _open(self):
        self.handle = io.BytesIO(self.blob)
        self.count, self.dim = HEADER.unpack(self.handle.read(HEADER.size))
        self.record = struct.Struct("<%dfi" % self.dim)

    def _reopen(self):
        self.handle.close()
        self._open()

    def __len__(self):
        return self.count

    def read(self, i):
        self.handle.seek(HEADER.size + i * self.record.size)
        *row, label = self.record.unpack(self.handle.read(self.record.size))
        return torch.tensor(row), label

    def close(self):
        self.handle.close()
