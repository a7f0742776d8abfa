"""Nested terminal progress bars that follow terminal resizes (SIGWINCH)."""
import io
import shutil
import signal
import sys


class Bar:
    def __init__(self, desc, total, describe=None, stream=None):
        self.desc = desc
        self.total = total
        self.n = 0
        self.describe = describe
        self.stream = stream or sys.stderr
        self.width = 80
        self._prev_winch = None

    def start(self):
        self._prev_winch = signal.signal(signal.SIGWINCH, self._on_resize)  # retain
        self._on_resize()
        return self

    def _on_resize(self, signum=None, frame=None):
        self.width = shutil.get_terminal_size((80, 20)).columns

    def reset(self, total=None):
        self.n = 0
        if total is not None:
            self.total = total

    def update(self, n=1):
        self.n += n
        status = self.describe() if self.describe else ""
        room = max(10, self.width - len(self.desc) - len(status) - 16)
        filled = room * self.n // max(1, self.total)
        self.stream.write(f"\r{self.desc} |{'#' * filled}{' ' * (room - filled)}| "
                          f"{self.n}/{self.total} {status}")

    def close(self):
        signal.signal(signal.SIGWINCH, self._prev_winch or signal.SIG_DFL)
        self._prev_winch = None
        self.stream.write("\n")


class BarGroup:
    """Owns the bars of one run and closes them together."""

    def __init__(self, stream=None):
        self.stream = stream if stream is not None else io.StringIO()
        self.bars = []

    def add(self, desc, total, describe=None):
        bar = Bar(desc, total, describe, self.stream).start()
        self.bars.append(bar)
        return bar

    def close(self):
        for bar in self.bars:
            bar.close()
        self.bars.clear()
