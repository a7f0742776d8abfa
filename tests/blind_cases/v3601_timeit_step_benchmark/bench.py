"""Micro-benchmark helpers used by the training scripts and notebooks."""
import statistics
import timeit
from dataclasses import dataclass


@dataclass
class Timing:
    label: str
    best_ms: float
    median_ms: float
    runs: int

    def __str__(self):
        return (f"{self.label:<22} best {self.best_ms:8.3f} ms   "
                f"median {self.median_ms:8.3f} ms   ({self.runs} runs)")


class StepBenchmark:
    """Times one optimisation step (zero_grad, forward, backward, step) on a fixed batch."""

    def __init__(self, model, optimizer, loss_fn, batch, *, number=2, repeat=3):
        self.model = model
        self.optimizer = optimizer
        self.loss_fn = loss_fn
        self.inputs, self.targets = batch
        self.number = number
        self.repeat = repeat
        self.history = []
        self.last_loss = None
        self._timer = timeit.Timer(self.step)  # cycle

    def step(self):
        self.optimizer.zero_grad(set_to_none=True)
        loss = self.loss_fn(self.model(self.inputs), self.targets)
        loss.backward()
        self.optimizer.step()
        self.last_loss = loss.item()

    def warm_up(self, calls=1):
        self._timer.timeit(number=calls)

    def measure(self, label):
        raw = self._timer.repeat(repeat=self.repeat, number=self.number)
        per_call = [1e3 * t / self.number for t in raw]
        timing = Timing(label, min(per_call), statistics.median(per_call), len(per_call))
        self.history.append(timing)
        return timing
