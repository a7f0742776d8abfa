"""Retry guard for training steps that can fail on transient numerical problems."""
import dataclasses
import time
import traceback


@dataclasses.dataclass
class FailureRecord:
    attempt: int
    error: BaseException
    elapsed: float

    @property
    def kind(self):
        return type(self.error).__name__


class StepGuard:
    """Runs a step function, retrying it when one of ``retry_on`` is raised."""

    def __init__(self, retry_on=(FloatingPointError,), max_retries=3):
        self.retry_on = tuple(retry_on)
        self.max_retries = max_retries
        self.history = []  # cycle
        self.calls = 0

    def call(self, fn, *args, **kwargs):
        self.calls += 1
        for attempt in range(self.max_retries + 1):
            start = time.perf_counter()
            try:
                return fn(*args, **kwargs)
            except self.retry_on as exc:
                traceback.clear_frames(exc.__traceback__)
                self.history.append(FailureRecord(attempt, exc, time.perf_counter() - start))  # cycle
                if attempt == self.max_retries:
                    raise
        return None

    def summary(self):
        counts = {}
        for rec in self.history:
            counts[rec.kind] = counts.get(rec.kind, 0) + 1
        return {"calls": self.calls, "failures": counts}
