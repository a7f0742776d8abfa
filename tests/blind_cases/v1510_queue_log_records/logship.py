"""Ships log records to a collector in batches through a queue."""
import logging
import logging.handlers
import queue
import sys


class BatchShipper:
    """Drains the record queue once ``batch_size`` records are waiting."""

    def __init__(self, batch_size=256, stream=sys.stderr):
        self.queue = queue.SimpleQueue()
        self.batch_size = batch_size
        self.stream = stream
        self.shipped = 0

    def maybe_ship(self):
        if self.queue.qsize() < self.batch_size:
            return 0
        n = 0
        while not self.queue.empty():
            record = self.queue.get_nowait()
            self.stream.write(record.getMessage() + "\n")
            n += 1
        self.shipped += n
        return n


def setup_logging(root_name, level=logging.DEBUG, batch_size=256):
    logger = logging.getLogger(root_name)
    shipper = BatchShipper(batch_size)
    for h in list(logger.handlers):
        if isinstance(h, logging.handlers.QueueHandler):
            logger.removeHandler(h)
    handler = logging.handlers.QueueHandler(shipper.queue)
    handler.setFormatter(logging.Formatter("%(name)s %(levelname)s %(message)s"))
    logger.addHandler(handler)
    logger.setLevel(level)
    logger.propagate = False
    return shipper
