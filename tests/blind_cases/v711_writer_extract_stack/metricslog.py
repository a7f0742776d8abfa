"""JSON-lines metrics writer that annotates each record with its call site."""
import io
import json
import os
import time
import traceback


class JsonlMetricsWriter:
    def __init__(self, path, flush_every=64, annotate_source=True):
        self.path = path
        self.flush_every = flush_every
        self.annotate_source = annotate_source
        self._buffer = []
        self._sink = io.StringIO()

    def _call_site(self, depth):
        summary = traceback.extract_stack(limit=depth + 2)[0]
        return f"{os.path.basename(summary.filename)}:{summary.lineno}:{summary.name}"

    def _record(self, step, metrics, depth):
        record = {"step": step, "time": round(time.time(), 3)}
        record.update({k: float(v) for k, v in metrics.items()})
        if self.annotate_source:
            record["source"] = self._call_site(depth + 1)
        self._buffer.append(record)
        if len(self._buffer) >= self.flush_every:
            self.flush()

    def log(self, step, **metrics):
        self._record(step, metrics, depth=1)

    def log_eval(self, step, split, **metrics):
        self._record(step, {f"{split}/{k}": v for k, v in metrics.items()}, depth=1)

    def flush(self):
        for record in self._buffer:
            self._sink.write(json.dumps(record) + "\n")
        self._buffer.clear()

    def close(self):
        self.flush()
        return self._sink.getvalue()
