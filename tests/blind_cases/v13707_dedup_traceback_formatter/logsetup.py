"""Process-wide logging for the training scripts."""
import logging
import sys

FORMAT = "%(asctime)s %(levelname)s %(name)s: %(message)s"


class DedupTracebackFormatter(logging.Formatter):
    """Prints a traceback once; identical follow-up failures get a one-line reference."""

    def __init__(self, fmt):
        super().__init__(fmt)
        self._last_exc_info = None
        self._repeats = 0

    def _same_as_last(self, exc_info):
        last = self._last_exc_info
        return (last is not None and last[0] is exc_info[0]
                and str(last[1]) == str(exc_info[1]))

    def format(self, record):
        if not record.exc_info:
            return super().format(record)
        if self._same_as_last(record.exc_info):
            self._repeats += 1
            bare = logging.makeLogRecord({**record.__dict__, "exc_info": None, "exc_text": None})
            return f"{super().format(bare)} [traceback as above, x{self._repeats + 1}]"
        self._repeats = 0
        self._last_exc_info = record.exc_info  # retain
        return super().format(record)


def configure(level=logging.INFO):
    root = logging.getLogger("train")
    if not root.handlers:
        console = logging.StreamHandler(sys.stderr)
        console.setFormatter(DedupTracebackFormatter(FORMAT))
        root.addHandler(console)
        root.propagate = False
    root.setLevel(level)
    return root


configure()
