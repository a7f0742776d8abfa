"""Training callbacks and the default set a trainer uses when none are given."""
import math
import time


class Callback:
    order = 0

    def setup(self, trainer):
        self.trainer = trainer

    def on_epoch_end(self, epoch, logs):
        pass

    def on_fit_end(self):
        pass

    def teardown(self):
        self.trainer = None


class ProgressPrinter(Callback):
    def __init__(self, every=1):
        self.every = every
        self.started = None

    def setup(self, trainer):
        super().setup(trainer)
        self.started = time.perf_counter()

    def on_epoch_end(self, epoch, logs):
        if (epoch + 1) % self.every == 0:
            lr = self.trainer.optimizer.param_groups[0]["lr"]
            print(f"epoch {epoch + 1}: loss={logs['loss']:.4f} lr={lr:.1e}")

    def on_fit_end(self):
        print(f"done in {time.perf_counter() - self.started:.2f}s")


class NonFiniteGuard(Callback):
    order = -1

    def on_epoch_end(self, epoch, logs):
        if not math.isfinite(logs["loss"]):
            self.trainer.stop_training = True


DEFAULT_CALLBACKS = (NonFiniteGuard(), ProgressPrinter(every=2))
