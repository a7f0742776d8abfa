"""Experiment runs: config, metric history and a per-run log stream."""
import io
import logging
import time
import uuid
from dataclasses import dataclass, field

log = logging.getLogger("trainer")
log.setLevel(logging.INFO)


@dataclass
class RunConfig:
    project: str
    name: str
    hparams: dict = field(default_factory=dict)
    log_level: int = logging.INFO
    log_format: str = "%(asctime)s %(run_id)s step=%(step)d %(levelname)s %(message)s"


class Run:
    """One tracked experiment; use as a context manager around training."""

    def __init__(self, config, model=None):
        self.config = config
        self.run_id = f"{config.name}-{uuid.uuid4().hex[:6]}"
        self.model = model
        self.step = 0
        self.history = []
        self.summary = {}
        self.stream = io.StringIO()
        self.handler = self._build_handler()  # cycle
        self.started_at = None

    def _build_handler(self):
        handler = logging.StreamHandler(self.stream)
        handler.setLevel(self.config.log_level)
        handler.setFormatter(logging.Formatter(self.config.log_format))
        handler.addFilter(self._inject_context)  # cycle
        return handler

    def _inject_context(self, record):
        record.run_id = self.run_id
        record.step = self.step
        return True

    @property
    def elapsed(self):
        return 0.0 if self.started_at is None else time.perf_counter() - self.started_at

    def __enter__(self):
        self.started_at = time.perf_counter()
        log.addHandler(self.handler)
        log.info("run started: %s", self.config.hparams)
        return self

    def __exit__(self, exc_type, exc, tb):
        status = "failed" if exc_type else "finished"
        log.info("run %s after %.2fs", status, self.elapsed)
        log.removeHandler(self.handler)
        self.handler.flush()
        self.summary["status"] = status
        return False

    def log_metrics(self, metrics, step=None):
        if step is not None:
            self.step = step
        self.history.append({"step": self.step, **metrics})
        for key, value in metrics.items():
            if key not in self.summary or value < self.summary[key]:
                self.summary[key] = value
