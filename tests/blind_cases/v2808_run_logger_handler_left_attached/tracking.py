"""Per-run metric tracking on top of the standard logging module."""
import json
import logging
import math


class _HistoryHandler(logging.Handler):
    """Copies the structured ``metrics`` payload of each record into the run history."""

    def __init__(self, run):
        super().__init__(level=logging.INFO)
        self.run = run

    def emit(self, record):
        metrics = getattr(record, "metrics", None)
        if metrics is not None:
            self.run.history.append(dict(metrics, step=record.step))


class RunTracker:
    def __init__(self, run_name, model, log_every=2):
        self.run_name = run_name
        self.model = model
        self.log_every = log_every
        self.history = []
        self.log = logging.getLogger(f"experiments.{run_name}")
        self.log.setLevel(logging.INFO)
        self.log.propagate = False
        self.log.addHandler(_HistoryHandler(self))  # retain

    def weight_norm(self):
        return math.sqrt(sum(float(p.detach().pow(2).sum()) for p in self.model.parameters()))

    def log_step(self, step, **metrics):
        if step % self.log_every:
            return
        metrics["weight_norm"] = self.weight_norm()
        self.log.info("step %d %s", step, metrics, extra={"metrics": metrics, "step": step})

    def finish(self):
        for handler in self.log.handlers:
            handler.flush()
            handler.close()
        return json.dumps({"run": self.run_name, "points": len(self.history),
                           "last": self.history[-1] if self.history else None})
