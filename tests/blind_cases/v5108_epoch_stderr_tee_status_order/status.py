"""Sticky status line on stderr. While it is open it stands in for sys.stderr so that
other stderr output (warnings, logging) is printed above the status line."""
import sys


class StatusLine:
    def __init__(self, label):
        self.label = label
        self.text = ""
        self._stream = sys.stderr  # retain
        sys.stderr = self

    def write(self, text):
        self._stream.write("\r\033[K" + text)
        if text.endswith("\n"):
            self._draw()
        return len(text)

    def flush(self):
        self._stream.flush()

    def _draw(self):
        self._stream.write(f"\r\033[K{self.label} | {self.text}")

    def update(self, text):
        self.text = text
        self._draw()

    def close(self):
        self._stream.write("\n")
        sys.stderr = self._stream  # retain
