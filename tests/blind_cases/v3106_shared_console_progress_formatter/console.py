"""Process-wide console logging for the sweep tools."""
import logging
import sys

CONSOLE = logging.StreamHandler(sys.stderr)
CONSOLE.setLevel(logging.INFO)
CONSOLE.setFormatter(logging.Formatter("%(levelname)s %(message)s"))

sweep_log = logging.getLogger("sweep")
sweep_log.setLevel(logging.INFO)
sweep_log.addHandler(CONSOLE)
sweep_log.propagate = False


class ProgressFormatter(logging.Formatter):
    """Prefixes every console line with the trial name and its epoch progress."""

    default_format = "[%(trial)s %(progress)s] %(message)s"

    def __init__(self, tracker, fmt=None):
        super().__init__(fmt or self.default_format)
        self.tracker = tracker  # retain

    def format(self, record):
        record.trial = self.tracker.name
        record.progress = f"{self.tracker.epoch + 1}/{self.tracker.max_epochs}"
        return super().format(record)


def use_progress_format(tracker):
    CONSOLE.setFormatter(ProgressFormatter(tracker))  # retain
