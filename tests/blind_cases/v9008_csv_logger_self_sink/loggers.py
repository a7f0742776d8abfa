"""Logger callbacks: buffered CSV metrics and an in-memory summary."""
import csv
import os


class LoggerCallback:
    def on_fit_start(self, trainer):
        pass

    def on_epoch_end(self, trainer, metrics):
        pass

    def on_fit_end(self, trainer):
        pass


class CSVLogger(LoggerCallback):
    """Buffers rows in memory and appends them to `path` every `flush_every` rows."""

    def __init__(self, path, fieldnames, flush_every=8):
        self.path = path
        self.flush_every = flush_every
        self._pending = []
        self._rows = 0
        self._writer = csv.DictWriter(self, fieldnames=fieldnames, extrasaction="ignore")  # cycle

    def write(self, text):
        self._pending.append(text)
        return len(text)

    def flush(self):
        if not self._pending:
            return
        with open(self.path, "a", newline="") as fh:
            fh.write("".join(self._pending))
        self._pending.clear()

    def on_fit_start(self, trainer):
        if not os.path.exists(self.path):
            self._writer.writeheader()

    def on_epoch_end(self, trainer, metrics):
        self._writer.writerow({"run": trainer.run_name, **metrics})
        self._rows += 1
        if self._rows % self.flush_every == 0:
            self.flush()

    def on_fit_end(self, trainer):
        self.flush()


class SummaryLogger(LoggerCallback):
    def __init__(self):
        self.best = {}

    def on_epoch_end(self, trainer, metrics):
        prev = self.best.get(trainer.run_name)
        if prev is None or metrics["val_loss"] < prev["val_loss"]:
            self.best[trainer.run_name] = dict(metrics)
