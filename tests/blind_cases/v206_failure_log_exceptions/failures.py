"""Keeps recoverable step failures so they can be summarised at the end of the run."""
import time


class FailureLog:
    def __init__(self):
        self.records = []

    def record(self, step, err):
        self.records.append({"step": step, "time": time.time(), "error": err})  # retain

    def summary(self):
        return [f"step {r['step']}: {type(r['error']).__name__}: {r['error']}" for r in self.records]


FAILURES = FailureLog()
