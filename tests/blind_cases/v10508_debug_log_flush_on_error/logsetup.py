"""Process-wide logging for the serving worker: buffered, flushed to the sink on errors."""
import io
import logging
import logging.handlers

LOG = logging.getLogger("serving.batch")
LOG.setLevel(logging.INFO)
LOG.propagate = False

_SINK = io.StringIO()
_SINK_HANDLER = logging.StreamHandler(_SINK)
_SINK_HANDLER.setFormatter(logging.Formatter("%(asctime)s %(levelname)s %(message)s"))

# hold routine records in memory and push the whole context to the sink once an ERROR arrives
_BUFFER = logging.handlers.MemoryHandler(capacity=200, flushLevel=logging.ERROR, target=_SINK_HANDLER)
LOG.addHandler(_BUFFER)


def recent(n=20):
    return _SINK.getvalue().splitlines()[-n:]
