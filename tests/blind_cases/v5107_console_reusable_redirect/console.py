"""Terminal console with a sticky status line; captured print() output goes above it."""
import contextlib
import sys


class Console:
    def __init__(self, stream=None, prefix=""):
        self.stream = stream if stream is not None else sys.stderr
        self.prefix = prefix
        self.status = ""
        self.lines_written = 0
        self._pending = ""
        self._capture = contextlib.redirect_stdout(self)  # cycle

    def capture(self):
        """Context manager routing print() through the console; reusable across epochs."""
        return self._capture

    def write(self, text):
        self._pending += text
        while "\n" in self._pending:
            line, self._pending = self._pending.split("\n", 1)
            self._emit(line)
        return len(text)

    def flush(self):
        if self._pending:
            self._emit(self._pending)
            self._pending = ""
        self.stream.flush()

    def _emit(self, line):
        self.stream.write("\r\033[K" + self.prefix + line + "\n")
        self.lines_written += 1
        self._redraw()

    def set_status(self, text):
        self.status = text
        self._redraw()

    def _redraw(self):
        if self.status:
            self.stream.write("\r\033[K" + self.status)

    def close(self):
        self.flush()
        if self.status:
            self.stream.write("\n")
        self.status = ""
