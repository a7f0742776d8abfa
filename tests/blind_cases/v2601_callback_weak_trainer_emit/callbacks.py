"""Callback base class and two built-in callbacks (smoothed metric logging, LR monitoring)."""
import time
import weakref


class Callback:
    """Base class. Callbacks only keep a weak reference to the trainer they are attached to."""

    order = 0

    def setup(self, trainer):
        self._trainer_ref = weakref.ref(trainer)

    @property
    def trainer(self):
        ref = getattr(self, "_trainer_ref", None)
        trainer = ref() if ref is not None else None
        if trainer is None:
            raise RuntimeError(f"{type(self).__name__} is not attached to a live trainer")
        return trainer

    def on_train_batch_end(self, outputs, batch_idx):
        pass

    def on_epoch_end(self, epoch):
        pass

    def teardown(self):
        pass


class MetricsLogger(Callback):
    """Pushes an exponentially smoothed training loss to the trainer's metric sink."""

    order = 10

    def __init__(self, every_n_steps=2, smoothing=0.9):
        self.every_n_steps = every_n_steps
        self.smoothing = smoothing
        self._running = None
        self._start = None

    def setup(self, trainer):
        super().setup(trainer)
        self._emit = trainer.log_metrics  # cycle
        self._start = time.perf_counter()

    def on_train_batch_end(self, outputs, batch_idx):
        loss = outputs["loss"]
        if self._running is None:
            self._running = loss
        else:
            self._running = self.smoothing * self._running + (1.0 - self.smoothing) * loss
        if (batch_idx + 1) % self.every_n_steps == 0:
            self._emit({"train/loss_smooth": self._running,
                        "time/elapsed": time.perf_counter() - self._start})

    def teardown(self):
        self._running = None


class LearningRateMonitor(Callback):
    """Records the learning rate of every param group at the end of each epoch."""

    def __init__(self):
        self.history = []

    def on_epoch_end(self, epoch):
        lrs = [group["lr"] for group in self.trainer.optimizer.param_groups]
        self.history.append((epoch, lrs))
