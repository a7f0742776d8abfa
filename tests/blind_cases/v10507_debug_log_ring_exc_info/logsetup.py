"""Process-wide logging for the serving worker, with an in-memory ring for /debug/logs."""
import logging
import logging.handlers

LOG = logging.getLogger("serving.batch")
LOG.setLevel(logging.INFO)
LOG.propagate = False

# the debug page shows the most recent records; capacity is the ring size
_RING = logging.handlers.MemoryHandler(capacity=200)
_RING.setFormatter(logging.Formatter("%(asctime)s %(levelname)s %(message)s"))
LOG.addHandler(_RING)


def recent(n=20, level=logging.INFO):
    records = [r for r in _RING.buffer if r.levelno >= level]
    return [_RING.format(r) for r in records[-n:]]
