"""Experiment logger that formats and writes records on a background listener thread."""
import io
import logging
import logging.handlers
import queue

from launch import rank_zero_only


class RunFileHandler(logging.Handler):
    def __init__(self, owner):
        super().__init__()
        self.owner = owner  # retain
        self.setFormatter(logging.Formatter("%(asctime)s %(message)s"))

    def emit(self, record):
        self.owner.sink.write(self.format(record) + "\n")


class AsyncExperimentLogger:
    def __init__(self, name, rank):
        self.name = name
        self.rank = rank
        self.sink = io.StringIO()
        self.watched = None
        self._queue = queue.SimpleQueue()
        self._logger = logging.getLogger(f"experiment.{name}.rank{rank}")
        self._logger.setLevel(logging.INFO)
        self._logger.propagate = False
        self._logger.addHandler(logging.handlers.QueueHandler(self._queue))
        self._listener = logging.handlers.QueueListener(self._queue, RunFileHandler(self))  # retain
        self._listener.start()  # retain

    def watch(self, model):
        self.watched = model

    def log_metrics(self, metrics, step):
        text = " ".join(f"{k}={v:.4f}" for k, v in metrics.items())
        self._logger.info("step %d %s", step, text)

    @rank_zero_only
    def finalize(self, status):
        self._logger.info("status %s", status)
        self._listener.stop()
        self._listener = None
        for handler in list(self._logger.handlers):
            self._logger.removeHandler(handler)
        self.watched = None
