"""Stateful training callbacks: early stopping and an in-memory best checkpoint."""
import math


class Callback:
    """Base class; callbacks persist their attributes as their checkpoint state."""

    @property
    def state_key(self):
        return type(self).__name__

    def state_dict(self):
        return self.__dict__

    def load_state_dict(self, state):
        self.__dict__.update(state)

    def on_validation_end(self, trainer, metrics):
        pass


class EarlyStopping(Callback):
    def __init__(self, monitor="val_loss", patience=2, min_delta=1e-4):
        self.monitor = monitor
        self.patience = patience
        self.min_delta = min_delta
        self.best_score = math.inf
        self.wait_count = 0

    def on_validation_end(self, trainer, metrics):
        score = metrics[self.monitor]
        if score < self.best_score - self.min_delta:
            self.best_score = score
            self.wait_count = 0
        else:
            self.wait_count += 1
            if self.wait_count >= self.patience:
                trainer.should_stop = True


class BestCheckpoint(Callback):
    def __init__(self, monitor="val_loss"):
        self.monitor = monitor
        self.best_value = math.inf
        self.best_epoch = -1
        self.best = None

    def on_validation_end(self, trainer, metrics):
        value = metrics[self.monitor]
        if value < self.best_value:
            self.best_value = value
            self.best_epoch = trainer.epoch
            self.best = trainer.checkpoint()  # cycle

    def restore(self, trainer):
        if self.best is not None:
            trainer.load_checkpoint(self.best)
