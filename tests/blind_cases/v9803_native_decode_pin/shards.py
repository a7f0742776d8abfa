"""Streams fixed-size float32 records from shards through the decode queue."""
import ctypes
import struct
from collections import deque

import torch

from native import DecodeQueue

FEATURES = 8


class StagingBuffer:
    def __init__(self, shard, rows):
        self.shard = shard
        self.raw = (ctypes.c_char * (rows * FEATURES * 4))()
        self.out = torch.empty(rows, FEATURES)
        self.labels = None

    def fill(self, payload, labels):
        ctypes.memmove(self.raw, payload, len(payload))
        self.labels = torch.tensor(labels)


class ShardStream:
    def __init__(self, shards, batch_rows, prefetch=3):
        self.shards = shards
        self.batch_rows = batch_rows
        self.queue = DecodeQueue(max_inflight=prefetch)
        self.inflight = deque()

    def _submit(self, name, rows):
        buf = StagingBuffer(name, len(rows))
        payload = b"".join(struct.pack(f"<{FEATURES}f", *feats) for _, feats in rows)
        buf.fill(payload, [label for label, _ in rows])
        self.queue.submit(buf, ctypes.addressof(buf.raw), buf.out.data_ptr(), len(payload))
        self.inflight.append(buf)

    def __iter__(self):
        for name, rows in self.shards.items():
            for i in range(0, len(rows), self.batch_rows):
                if len(self.inflight) == self.queue.max_inflight:
                    yield self._pop()
                self._submit(name, rows[i:i + self.batch_rows])
        while self.inflight:
            yield self._pop()

    def _pop(self):
        self.queue.complete_next()
        buf = self.inflight.popleft()
        return buf.out, buf.labels

    def close(self):
        dropped = self.queue.discard_pending()
        self.inflight.clear()
        return dropped
