"""Observers of the metrics bus."""
import sys
import time

from events import BUS


class Observer:
    def __init__(self):
        BUS.subscribe(self)

    def close(self):
        BUS.unsubscribe(self)

    def __del__(self):
        self.close()


class ProgressReporter(Observer):
    """Prints a one-line progress summary every `every` steps."""

    def __init__(self, trainer, every=2, stream=None):
        super().__init__()
        self.trainer = trainer
        self.every = every
        self.stream = stream or sys.stdout
        self._t0 = time.perf_counter()
        self.lines = 0

    def on_step_end(self, step, loss):
        if step % self.every == 0:
            total = self.trainer.total_steps
            rate = step / max(time.perf_counter() - self._t0, 1e-9)
            self.stream.write("[%s] %d/%d loss=%.4f %.0f it/s\n" % (self.trainer.name, step, total, loss, rate))
            self.lines += 1

    def on_fit_end(self, best):
        self.stream.write("[%s] done, best loss %.4f\n" % (self.trainer.name, best))
