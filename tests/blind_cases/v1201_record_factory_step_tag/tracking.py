"""Log-record enrichment: stamps every record with the phase and step of the active run."""
import logging


class StepContext:
    """Makes `%(phase)s` and `%(step)s` available to every formatter in the process."""

    def __init__(self, run):
        self.run = run

    def current(self):
        return self.run.phase, self.run.global_step

    def install(self):
        base = logging.getLogRecordFactory()
        lookup = self.current

        def factory(*args, **kwargs):  # retain
            record = base(*args, **kwargs)
            record.phase, record.step = lookup()
            return record

        logging.setLogRecordFactory(factory)  # retain
        return self


def configure_console(name, level=logging.INFO):
    logger = logging.getLogger(name)
    if not logger.handlers:
        handler = logging.StreamHandler()
        handler.setFormatter(logging.Formatter("[%(phase)s:%(step)s] %(name)s %(message)s"))
        logger.addHandler(handler)
    logger.setLevel(level)
    logger.propagate = False
    return logger
