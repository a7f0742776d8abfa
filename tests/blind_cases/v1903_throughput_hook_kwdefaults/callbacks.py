"""Callbacks: samples-per-second throughput monitor."""
import time
from collections import deque


class Callback:
    def setup(self, trainer, pl_module, stage):
        pass

    def on_train_epoch_start(self, trainer, pl_module):
        pass

    def on_train_batch_end(self, trainer, pl_module, batch_idx):
        pass

    def teardown(self, trainer, pl_module, stage):
        pass


class ThroughputMonitor(Callback):
    """Counts samples seen by the module's forward and reports samples/sec per window."""

    def __init__(self, window=4):
        self.window = window
        self._events = deque(maxlen=window)
        self.history = []

    def setup(self, trainer, pl_module, stage):
        if stage != "fit":
            return

        def _count(module, inputs, output, *, _record=self._events.append, _trainer=trainer):  # cycle
            if module.training:
                _record((_trainer.global_step, inputs[0].shape[0], time.perf_counter()))

        self._handle = pl_module.register_forward_hook(_count)  # cycle

    def on_train_epoch_start(self, trainer, pl_module):
        self._events.clear()

    def on_train_batch_end(self, trainer, pl_module, batch_idx):
        if len(self._events) < 2:
            return
        (_, _, t0), (_, _, t1) = self._events[0], self._events[-1]
        n = sum(e[1] for e in list(self._events)[1:])
        self.history.append(n / max(t1 - t0, 1e-9))

    def teardown(self, trainer, pl_module, stage):
        if self.history:
            trainer.callback_metrics["throughput"] = sum(self.history) / len(self.history)
