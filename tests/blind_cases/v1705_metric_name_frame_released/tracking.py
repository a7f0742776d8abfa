"""Scalar tracker that names values after the caller's local variable."""
import collections
import functools
import inspect
import statistics

_HERE = __file__


def _outer_frames(frame):
    frame = frame.f_back
    while frame is not None:
        yield frame
        frame = frame.f_back


def infer_name(value, default="value", skip_files=(_HERE,)):
    frame = inspect.currentframe()
    try:
        for caller in _outer_frames(frame):
            if caller.f_code.co_filename in skip_files:
                continue
            for name, candidate in caller.f_locals.items():
                if candidate is value and not name.startswith("_"):
                    return name
            break
        return default
    finally:
        del frame


class MetricTracker:
    def __init__(self, window=10):
        self.window = window
        self.series = collections.defaultdict(functools.partial(collections.deque, maxlen=window))

    def update(self, value, name=None):
        key = name or infer_name(value)
        self.series[key].append(float(value))
        return key

    def summary(self):
        return {k: statistics.fmean(v) for k, v in self.series.items() if v}
