"""Single-line training status display that stays below anything else written to stderr."""
import sys
import time


class _StatusStream:
    def __init__(self, stream, line):
        self._stream = stream
        self._line = line

    def write(self, text):
        self._line.erase()
        written = self._stream.write(text)
        self._line.draw()
        return written

    def flush(self):
        self._stream.flush()

    def __getattr__(self, name):
        return getattr(self._stream, name)


class StatusLine:
    def __init__(self, total, label=""):
        self.total = total
        self.label = label
        self.done = 0
        self.fields = {}
        self._t0 = time.perf_counter()
        self._out = None
        self._previous = None

    def __enter__(self):
        self._previous = sys.stderr
        self._out = self._previous
        sys.stderr = _StatusStream(self._previous, self)
        self.draw()
        return self

    def __exit__(self, exc_type, exc, tb):
        sys.stderr = self._previous
        self._out.write("\r" + self._text() + "\n")
        self._out = None
        return False

    def _text(self):
        pct = 100.0 * self.done / max(1, self.total)
        elapsed = time.perf_counter() - self._t0
        fields = " ".join("%s=%.4f" % kv for kv in self.fields.items())
        return "%s %5.1f%% [%.2fs] %s" % (self.label, pct, elapsed, fields)

    def erase(self):
        self._out.write("\r\033[K")

    def draw(self):
        self._out.write("\r" + self._text())

    def advance(self, **fields):
        self.done += 1
        self.fields.update(fields)
        self.draw()
