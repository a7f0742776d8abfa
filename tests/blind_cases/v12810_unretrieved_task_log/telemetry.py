"""Process-wide ring buffer of recent warnings and errors for the /status page."""
import collections
import logging


class RecentProblems(logging.Handler):
    def __init__(self, capacity=200):
        super().__init__(level=logging.WARNING)
        self.records = collections.deque(maxlen=capacity)

    def emit(self, record):
        self.records.append(record)  # retain

    def render(self, limit=5):
        lines = []
        for record in list(self.records)[-limit:]:
            first = record.getMessage().splitlines()[0]
            lines.append(f"{record.levelname:<7} {record.name}: {first}")
        return lines


RECENT = RecentProblems()
logging.getLogger().addHandler(RECENT)
