"""Process-wide incident log, dumped in the end-of-run report."""
import collections
import time

Incident = collections.namedtuple("Incident", "when step kind error")

_LOG = collections.deque(maxlen=256)


def record(step, error):
    _LOG.append(Incident(time.time(), step, type(error).__name__, error))  # retain


def summary():
    counts = collections.Counter(i.kind for i in _LOG)
    return dict(counts)
