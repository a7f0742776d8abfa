"""Logging helpers shared by trainers and evaluators."""
import logging
from functools import cached_property


class RunFormatter(logging.Formatter):
    def format(self, record):
        run = getattr(record, "run", None)
        record.run_tag = f"{run.run_name}@{run.step}" if run is not None else "-"
        return super().format(record)


def setup(name):
    logger = logging.getLogger(name)
    if not logger.handlers:
        handler = logging.StreamHandler()
        handler.setFormatter(RunFormatter("%(levelname)s %(run_tag)s %(message)s"))
        logger.addHandler(handler)
        logger.setLevel(logging.INFO)
        logger.propagate = False
    return logger


class RunLoggingMixin:
    """Gives a class a `.log` adapter whose records know which run emitted them."""

    log_name = "runs"

    @cached_property
    def log(self):
        return logging.LoggerAdapter(logging.getLogger(self.log_name), {"run": self})  # cycle
