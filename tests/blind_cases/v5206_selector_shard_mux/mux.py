"""Multiplexes the byte streams of several shard decoders into training batches."""
import os
import selectors
import struct

import torch

HEADER = struct.Struct("<HH")  # label, feature count


def encode_record(feats, label):
    return HEADER.pack(label, len(feats)) + struct.pack(f"<{len(feats)}f", *feats)


class ShardMux:
    def __init__(self, feat_dim, chunk_size=1024):
        self.feat_dim = feat_dim
        self.chunk_size = chunk_size
        self.record_size = HEADER.size + 4 * feat_dim
        self.selector = selectors.DefaultSelector()  # cycle
        self.buffers = {}
        self.names = {}
        self.ready = []
        self.records_read = 0

    def attach(self, fd, shard_name):
        os.set_blocking(fd, False)
        self.buffers[fd] = bytearray()
        self.names[fd] = shard_name
        self.selector.register(fd, selectors.EVENT_READ, data=self._on_readable)  # cycle

    def _on_readable(self, fd):
        chunk = os.read(fd, self.chunk_size)
        if not chunk:
            self.selector.unregister(fd)
            os.close(fd)
            del self.buffers[fd]
            return
        buf = self.buffers[fd]
        buf.extend(chunk)
        while len(buf) >= self.record_size:
            label, n = HEADER.unpack_from(buf, 0)
            feats = torch.frombuffer(bytearray(buf[HEADER.size:self.record_size]), dtype=torch.float32)
            self.ready.append((feats, label))
            del buf[:self.record_size]
            self.records_read += 1

    def close(self):
        for key in list(self.selector.get_map().values()):
            self.selector.unregister(key.fd)
            os.close(key.fd)
        self.selector.close()

    def batches(self, batch_size):
        while self.buffers or self.ready:
            while len(self.ready) < batch_size and self.buffers:
                for key, _events in self.selector.select(timeout=1.0):
                    key.data(key.fd)
            batch, self.ready = self.ready[:batch_size], self.ready[batch_size:]
            yield torch.stack([f for f, _ in batch]), torch.tensor([y for _, y in batch])
        self.close()
