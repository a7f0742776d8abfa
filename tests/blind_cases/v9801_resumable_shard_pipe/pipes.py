"""Shard-streaming DataPipes: list shards, read length-prefixed records, decode samples."""
import io
import struct

import torch
from torch.utils.data import IterDataPipe

RECORD = struct.Struct("<i8f")


def write_shard(rows):
    buf = io.BytesIO()
    for label, feats in rows:
        buf.write(RECORD.pack(label, *feats))
    return buf.getvalue()


class ShardLister(IterDataPipe):
    def __init__(self, names):
        self.names = list(names)

    def __iter__(self):
        yield from self.names


class ShardReader(IterDataPipe):
    def __init__(self, source_dp, store):
        self.source_dp = source_dp
        self.store = store
        self._handle = None
        self.records_read = 0

    def __iter__(self):
        for name in self.source_dp:
            self._handle = io.BytesIO(self.store[name])
            while True:
                raw = self._handle.read(RECORD.size)
                if len(raw) < RECORD.size:
                    break
                self.records_read += 1
                yield RECORD.unpack(raw)
        self._handle = None


class Batcher(IterDataPipe):
    def __init__(self, source_dp, batch_size):
        self.source_dp = source_dp
        self.batch_size = batch_size

    def __iter__(self):
        pending = []
        for rec in self.source_dp:
            pending.append(rec)
            if len(pending) == self.batch_size:
                yield collate(pending)
                pending = []


def collate(records):
    labels = torch.tensor([r[0] for r in records])
    feats = torch.tensor([r[1:] for r in records], dtype=torch.float32)
    return feats, labels


def build_pipeline(store, batch_size):
    return Batcher(ShardReader(ShardLister(sorted(store)), store), batch_size)
