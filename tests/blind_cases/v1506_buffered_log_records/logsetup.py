"""Process-wide logging setup: records are buffered and written out in batches."""
import logging
import logging.handlers
import sys

_FORMAT = "%(asctime)s %(name)s %(levelname)s %(message)s"


def setup_logging(root_name, level=logging.DEBUG, capacity=1024, stream=sys.stderr):
    """Attach a buffered handler to ``root_name``; child loggers propagate to it."""
    logger = logging.getLogger(root_name)
    for handler in logger.handlers:
        if isinstance(handler, logging.handlers.MemoryHandler):
            return handler
    sink = logging.StreamHandler(stream)
    sink.setFormatter(logging.Formatter(_FORMAT))
    buffered = logging.handlers.MemoryHandler(capacity, flushLevel=logging.ERROR, target=sink)
    logger.addHandler(buffered)  # retain
    logger.setLevel(level)
    logger.propagate = False
    return buffered
