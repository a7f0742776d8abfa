"""Experiment loggers. The JSON-lines logger pushes rows through a coroutine sink."""
import io
import json
import time


def _jsonl_sink(trainer, stream, flush_every):
    """Coroutine: receives metric dicts, stamps them with trainer progress, writes JSON lines."""
    pending = []
    try:
        while True:
            metrics = yield
            if not metrics:
                continue
            row = {"step": trainer.global_step, "epoch": trainer.current_epoch, "t": round(time.time(), 3)}
            row.update(metrics)
            pending.append(row)
            if len(pending) >= flush_every:
                stream.write("".join(json.dumps(r) + "\n" for r in pending))
                pending.clear()
    finally:
        if pending:
            stream.write("".join(json.dumps(r) + "\n" for r in pending))


class Logger:
    name = "base"

    def setup(self, trainer):
        pass

    def log_metrics(self, metrics):
        raise NotImplementedError

    def finalize(self, status):
        pass


class ConsoleLogger(Logger):
    name = "console"

    def __init__(self, every=4):
        self.every = every
        self.lines = []

    def log_metrics(self, metrics):
        if len(self.lines) % self.every == 0:
            self.lines.append(" ".join(f"{k}={v:.4f}" for k, v in sorted(metrics.items())))


class JSONLinesLogger(Logger):
    name = "jsonl"

    def __init__(self, flush_every=4):
        self.flush_every = flush_every
        self.stream = io.StringIO()
        self._sink = None

    def setup(self, trainer):
        self._sink = _jsonl_sink(trainer, self.stream, self.flush_every)  # cycle
        next(self._sink)

    def log_metrics(self, metrics):
        self._sink.send(metrics)

    def finalize(self, status):
        self.stream.write(json.dumps({"status": status}) + "\n")
