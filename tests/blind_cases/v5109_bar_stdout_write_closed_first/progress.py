"""Single-line progress bar that keeps print() output above the bar."""
import sys
import time


class ProgressBar:
    def __init__(self, total, desc="", stream=None, width=24):
        self.total = total
        self.desc = desc
        self.width = width
        self.n = 0
        self.postfix = {}
        self.stream = stream if stream is not None else sys.stderr
        self._stream_write = self.stream.write
        self._stdout = sys.stdout
        self._stdout_write = self._stdout.write
        self._stdout.write = self._write_above
        self._start = time.perf_counter()
        self._closed = False
        self._draw()

    def _line(self):
        filled = int(self.width * self.n / max(self.total, 1))
        bar = "#" * filled + "-" * (self.width - filled)
        rate = self.n / max(time.perf_counter() - self._start, 1e-9)
        post = " ".join(f"{k}={v}" for k, v in self.postfix.items())
        return f"{self.desc} [{bar}] {self.n}/{self.total} {rate:.1f}it/s {post}"

    def _draw(self):
        self._stream_write("\r" + self._line())

    def _clear(self):
        self._stream_write("\r" + " " * (self.width + len(self.desc) + 40) + "\r")

    def _write_above(self, text):
        if text == "\n":
            return self._stdout_write(text)
        self._clear()
        written = self._stdout_write(text)
        self._draw()
        return written

    def update(self, n=1, **postfix):
        self.n += n
        self.postfix.update({k: f"{v:.4f}" for k, v in postfix.items()})
        self._draw()

    def close(self):
        if self._closed:
            return
        self._closed = True
        self._stdout.write = self._stdout_write
        self._stream_write("\r" + self._line() + "\n")
