"""Trainer callbacks: mixed precision and early stopping."""
import torch


class Callback:
    def on_fit_start(self, trainer):
        pass

    def on_epoch_end(self, trainer, epoch, val_loss):
        return False

    def on_fit_end(self, trainer):
        pass


class CPUMixedPrecision(Callback):
    """Runs the whole fit under bf16 autocast on CPU."""

    def __init__(self, dtype=torch.bfloat16):
        self.dtype = dtype
        self._ctx = None

    def on_fit_start(self, trainer):
        self._ctx = torch.autocast(device_type="cpu", dtype=self.dtype)
        self._ctx.__enter__()  # retain

    def on_fit_end(self, trainer):
        if self._ctx is not None:
            self._ctx.__exit__(None, None, None)
            self._ctx = None


class EarlyStop(Callback):
    def __init__(self, patience=1):
        self.patience = patience
        self.best = float("inf")
        self.wait = 0

    def on_epoch_end(self, trainer, epoch, val_loss):
        if val_loss < self.best:
            self.best, self.wait = val_loss, 0
            return False
        self.wait += 1
        return self.wait > self.patience
