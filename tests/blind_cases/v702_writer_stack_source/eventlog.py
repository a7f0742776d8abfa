"""Minimal scalar event writer, a stand-in for a TensorBoard SummaryWriter."""
import inspect
import json
import os
import time
from dataclasses import dataclass, field


@dataclass
class ScalarEvent:
    tag: str
    value: float
    step: int
    wall_time: float = field(default_factory=time.time)
    origin: object = None

    def to_json(self):
        where = None
        if self.origin is not None:
            where = f"{os.path.basename(self.origin.filename)}:{self.origin.lineno}"
        return json.dumps({"tag": self.tag, "value": self.value, "step": self.step,
                           "wall_time": self.wall_time, "where": where})


class ScalarWriter:
    def __init__(self, logdir, flush_every=50, track_origin=True):
        self.logdir = logdir
        self.flush_every = flush_every
        self.track_origin = track_origin
        self.pending = []
        self.lines_written = 0

    def _caller(self):
        return inspect.stack()[2]

    def add_scalar(self, tag, value, step):
        origin = self._caller() if self.track_origin else None
        self.pending.append(ScalarEvent(tag, float(value), step, origin=origin))  # cycle
        if len(self.pending) >= self.flush_every:
            self.flush()

    def add_scalars(self, main_tag, values, step):
        for name, v in values.items():
            self.add_scalar(f"{main_tag}/{name}", v, step)

    def flush(self):
        self.lines_written += sum(len(e.to_json()) for e in self.pending)
        self.pending = []
