"""Step-budgeted training on shards decoded through a ctypes decoder queue.

The queue follows the native decoder's ownership contract: it owns a reference to
each staging buffer from submit() until the job completes or is cancelled.
"""
import ctypes
import random
import struct
from collections import deque

import torch
import torch.nn as nn

_api = ctypes.pythonapi
_api.Py_IncRef.argtypes = [ctypes.py_object]
_api.Py_DecRef.argtypes = [ctypes.py_object]

FEATURES = 8
CONFIG = {"shards": 2, "rows": 64, "batch_rows": 8, "prefetch": 3, "max_steps": 6, "lr": 0.05}


class DecodeQueue:
    def __init__(self, max_inflight):
        self.max_inflight = max_inflight
        self._jobs = deque()

    def submit(self, owner, src_addr, dst_addr, nbytes):
        _api.Py_IncRef(owner)
        self._jobs.append((id(owner), src_addr, dst_addr, nbytes))

    def complete_next(self):
        owner_addr, src, dst, nbytes = self._jobs.popleft()
        ctypes.memmove(dst, src, nbytes)
        _api.Py_DecRef(ctypes.cast(owner_addr, ctypes.py_object))

    def discard_pending(self):
        dropped = 0
        while self._jobs:
            owner_addr = self._jobs.popleft()[0]
            _api.Py_DecRef(ctypes.cast(owner_addr, ctypes.py_object))
            dropped += 1
        return dropped


class StagingBuffer:
    def __init__(self, rows, labels):
        payload = b"".join(struct.pack(f"<{FEATURES}f", *feats) for feats in rows)
        self.raw = ctypes.create_string_buffer(payload, len(payload))
        self.nbytes = len(payload)
        self.out = torch.empty(len(rows), FEATURES)
        self.labels = torch.tensor(labels)


class ShardStream:
    def __init__(self, shards, batch_rows, prefetch):
        self.shards = shards
        self.batch_rows = batch_rows
        self.queue = DecodeQueue(prefetch)
        self.inflight = deque()

    def __iter__(self):
        for rows in self.shards.values():
            for i in range(0, len(rows), self.batch_rows):
                if len(self.inflight) == self.queue.max_inflight:
                    yield self._pop()
                chunk = rows[i:i + self.batch_rows]
                buf = StagingBuffer([f for _, f in chunk], [lab for lab, _ in chunk])
                self.queue.submit(buf, ctypes.addressof(buf.raw), buf.out.data_ptr(), buf.nbytes)
                self.inflight.append(buf)
        while self.inflight:
            yield self._pop()

    def _pop(self):
        self.queue.complete_next()
        buf = self.inflight.popleft()
        return buf.out, buf.labels

    def close(self):
        self.inflight.clear()
        return self.queue.discard_pending()


def make_shards(seed):
    rng = random.Random(seed)
    return {f"part-{s}": [(rng.randrange(4), [rng.uniform(-1, 1) for _ in range(FEATURES)])
                          for _ in range(CONFIG["rows"])]
            for s in range(CONFIG["shards"])}


def main():
    model = nn.Sequential(nn.Linear(FEATURES, 32), nn.ReLU(), nn.Linear(32, 4))
    opt = torch.optim.Adam(model.parameters(), lr=CONFIG["lr"])
    stream = ShardStream(make_shards(0), CONFIG["batch_rows"], CONFIG["prefetch"])
    try:
        for step, (x, y) in enumerate(stream, start=1):
            loss = nn.functional.cross_entropy(model(x), y)
            opt.zero_grad()
            loss.backward()
            opt.step()
            if step >= CONFIG["max_steps"]:
                break
    finally:
        dropped = stream.close()
    print(f"trained {step} steps, cancelled {dropped} decode jobs")


if __name__ == "__main__":
    main()
