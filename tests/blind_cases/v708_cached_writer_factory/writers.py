"""Buffered event writer with TensorBoard-like add_scalar/add_histogram calls."""
import os
import struct
import time


class EventWriter:
    def __init__(self, logdir, max_queue=256, flush_secs=120):
        self.logdir = logdir
        self.max_queue = max_queue
        self.flush_secs = flush_secs
        self._queue = []
        self._last_flush = time.monotonic()
        self._bytes = 0

    def _enqueue(self, kind, tag, payload, step):
        self._queue.append((kind, tag, payload, step, time.time()))  # retain
        if len(self._queue) >= self.max_queue or time.monotonic() - self._last_flush > self.flush_secs:
            self.flush()

    def add_scalar(self, tag, value, step):
        self._enqueue("scalar", tag, value, step)

    def add_histogram(self, tag, values, step, bins=16):
        self._enqueue("histogram", tag, (values, bins), step)

    def _serialize(self, kind, tag, payload, step, wall):
        if kind == "histogram":
            values, bins = payload
            flat = values.detach().flatten().float()
            hist = flat.histc(bins=bins, min=float(flat.min()), max=float(flat.max()))
            body = struct.pack(f"{bins}f", *hist.tolist())
        else:
            body = struct.pack("f", float(payload))
        return tag.encode() + struct.pack("qd", step, wall) + body

    def flush(self):
        for event in self._queue:
            self._bytes += len(self._serialize(*event))
        self._queue.clear()
        self._last_flush = time.monotonic()

    def path(self, name="events.bin"):
        return os.path.join(self.logdir, name)
