"""Background mirroring of finished checkpoints to secondary storage."""
import os
import queue
import shutil
import threading


class MirrorQuotaError(OSError):
    pass


class CheckpointMirror:
    """Copies checkpoint files on a daemon thread; crashes of that thread are reported at close()."""

    def __init__(self, mirror_dir, quota_bytes):
        self.mirror_dir = mirror_dir
        self.quota_bytes = quota_bytes
        self.used_bytes = 0
        self.failures = []  # cycle
        self._queue = queue.Queue()
        self._thread = None
        self._previous_hook = None

    def start(self):
        os.makedirs(self.mirror_dir, exist_ok=True)
        self._thread = threading.Thread(target=self._drain, name="ckpt-mirror", daemon=True)
        self._previous_hook = threading.excepthook
        threading.excepthook = self._on_thread_error
        self._thread.start()
        return self

    def _on_thread_error(self, args):
        if args.thread is self._thread:
            self.failures.append(args)  # cycle
        else:
            self._previous_hook(args)

    def submit(self, path):
        self._queue.put(path)

    def _drain(self):
        while True:
            path = self._queue.get()
            if path is None:
                return
            self._copy(path)

    def _copy(self, path):
        size = os.path.getsize(path)
        if self.used_bytes + size > self.quota_bytes:
            raise MirrorQuotaError(f"mirror quota exceeded by {os.path.basename(path)} ({size} bytes)")
        shutil.copy2(path, os.path.join(self.mirror_dir, os.path.basename(path)))
        self.used_bytes += size

    def close(self):
        self._queue.put(None)
        self._thread.join()
        threading.excepthook = self._previous_hook
        return [f"{f.exc_type.__name__}: {f.exc_value}" for f in self.failures]
