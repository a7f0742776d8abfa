"""Run-scoped logging: records sent to the shared progress logger are copied into the
history of the run that is currently training."""
import logging

PROGRESS = logging.getLogger("experiments.progress")
PROGRESS.setLevel(logging.INFO)
PROGRESS.propagate = False


class RunHistoryHandler(logging.Handler):
    """Appends every progress record, with its structured metrics, to ``run.history``."""

    def __init__(self, run, level=logging.INFO):
        super().__init__(level)
        self.run = run  # retain

    def emit(self, record):
        entry = {"step": self.run.global_step, "message": record.getMessage()}
        entry.update(getattr(record, "metrics", {}))
        self.run.history.append(entry)


def attach_run(run):
    handler = RunHistoryHandler(run)
    handler.setFormatter(logging.Formatter("%(name)s %(message)s"))
    PROGRESS.addHandler(handler)  # retain
    return handler


def detach_run(handler):
    PROGRESS.removeHandler(handler)
    handler.close()


def log_metrics(message, *args, **metrics):
    PROGRESS.info(message, *args, extra={"metrics": metrics})
