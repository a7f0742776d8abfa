"""Minimal text progress bar whose status text is produced by a caller-supplied function."""
import io
import time


class ProgressBar:
    def __init__(self, total, describe=None, width=24, stream=None, min_interval=0.0):
        self.total = total
        self.describe = describe  # cycle
        self.width = width
        self.stream = stream if stream is not None else io.StringIO()
        self.min_interval = min_interval
        self.n = 0
        self._last_render = 0.0
        self.closed = False

    def _render(self):
        filled = int(self.width * self.n / max(self.total, 1))
        status = self.describe() if self.describe is not None else ""
        self.stream.write(f"\r[{'#' * filled}{'.' * (self.width - filled)}] {self.n}/{self.total} {status}")

    def update(self, n=1):
        self.n += n
        now = time.monotonic()
        if now - self._last_render >= self.min_interval or self.n >= self.total:
            self._render()
            self._last_render = now

    def close(self):
        if not self.closed:
            self._render()
            self.stream.write("\n")
            self.closed = True
            self.describe = None
