"""Process-wide logging setup with an in-memory ring of recent records for crash reports."""
import collections
import logging
import sys


class RecentRecordsHandler(logging.Handler):
    def __init__(self, capacity=500, level=logging.INFO):
        super().__init__(level=level)
        self.records = collections.deque(maxlen=capacity)
        self.setFormatter(logging.Formatter("%(asctime)s %(name)s %(levelname)s %(message)s"))

    def emit(self, record):
        self.records.append(record)  # retain

    def dump(self, stream=sys.stderr, last=50):
        for record in list(self.records)[-last:]:
            stream.write(self.format(record) + "\n")

    def count(self, level=logging.WARNING):
        return sum(1 for r in self.records if r.levelno >= level)


recent = RecentRecordsHandler()
log = logging.getLogger("pipeline.data")
log.setLevel(logging.INFO)
log.addHandler(recent)
log.propagate = False
