"""Tracked runs whose log lines are batched and shipped to the tracking backend."""
import json
import logging
import logging.handlers

LOGGER = logging.getLogger("experiment")
LOGGER.setLevel(logging.INFO)


class UploadHandler(logging.handlers.BufferingHandler):
    """Collects records and uploads them in batches of `capacity`."""

    def __init__(self, run_id, capacity=128):
        super().__init__(capacity)
        self.run_id = run_id
        self.setFormatter(logging.Formatter("%(levelname)s %(message)s"))
        self.uploaded = []

    def flush(self):
        self.acquire()
        try:
            if self.buffer:
                payload = [self.format(record) for record in self.buffer]
                self.uploaded.append(json.dumps({"run": self.run_id, "lines": payload}))
            self.buffer.clear()
        finally:
            self.release()


class TrackedRun:
    def __init__(self, project, name, config):
        self.project = project
        self.name = name
        self.config = dict(config)
        self.metrics = {}
        self.state = "created"
        self._upload = UploadHandler(run_id=f"{project}/{name}")  # cycle

    def __str__(self):
        return f"{self.project}/{self.name}"

    def start(self):
        LOGGER.addHandler(self._upload)
        self.state = "running"

    def log(self, **metrics):
        for key, value in metrics.items():
            self.metrics.setdefault(key, []).append(value)

    def finish(self):
        LOGGER.removeHandler(self._upload)
        self.state = "finished"
        return {key: values[-1] for key, values in self.metrics.items()}
