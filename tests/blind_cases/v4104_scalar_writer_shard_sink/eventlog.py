"""Local scalar summary writer: text events, rotated into size-limited shard files."""
import io
import os
import time


class _ShardSink(io.RawIOBase):
    """Raw byte sink that forwards to the owner's current shard file."""

    def __init__(self, owner):
        super().__init__()
        self._owner = owner  # cycle

    def writable(self):
        return True

    def write(self, data):
        return self._owner._write_bytes(bytes(data))


class ScalarEventWriter:
    def __init__(self, log_dir, max_shard_bytes=1024, flush_secs=30):
        self.log_dir = log_dir
        self.max_shard_bytes = max_shard_bytes
        self.flush_secs = flush_secs
        self.shards = []
        self._shard_bytes = 0
        self._file = None
        self._last_flush = time.monotonic()
        os.makedirs(log_dir, exist_ok=True)
        self._stream = io.TextIOWrapper(io.BufferedWriter(_ShardSink(self), buffer_size=256), encoding="utf-8")  # cycle

    def _open_shard(self):
        if self._file is not None:
            self._file.close()
        path = os.path.join(self.log_dir, f"events.{len(self.shards):03d}.txt")
        self._file = open(path, "wb")
        self.shards.append(path)
        self._shard_bytes = 0

    def _write_bytes(self, data):
        if self._file is None or self._shard_bytes + len(data) > self.max_shard_bytes:
            self._open_shard()
        self._file.write(data)
        self._shard_bytes += len(data)
        return len(data)

    def add_scalar(self, tag, value, step):
        if hasattr(value, "item"):
            value = value.item()
        self._stream.write(f"{step}\t{tag}\t{value:.6f}\n")
        if time.monotonic() - self._last_flush > self.flush_secs:
            self.flush()

    def add_scalars(self, main_tag, values, step):
        for name, value in values.items():
            self.add_scalar(f"{main_tag}/{name}", value, step)

    def flush(self):
        self._stream.flush()
        if self._file is not None:
            self._file.flush()
        self._last_flush = time.monotonic()

    def close(self):
        self.flush()
        if self._file is not None:
            self._file.close()
            self._file = None
