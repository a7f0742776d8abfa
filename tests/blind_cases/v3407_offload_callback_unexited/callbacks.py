"""Trainer callbacks: throughput logging and reduced-precision storage of saved activations."""
import time

import torch


class Callback:
    def setup(self, trainer):
        pass

    def on_train_epoch_start(self, trainer):
        pass

    def on_train_batch_end(self, trainer, loss):
        pass

    def on_train_epoch_end(self, trainer):
        pass


class Throughput(Callback):
    def on_train_epoch_start(self, trainer):
        self.t0, self.samples = time.perf_counter(), 0

    def on_train_batch_end(self, trainer, loss):
        self.samples += trainer.batch_size

    def on_train_epoch_end(self, trainer):
        trainer.metrics["samples_per_s"] = self.samples / max(time.perf_counter() - self.t0, 1e-9)


class ActivationPrecision(Callback):
    """Stores tensors saved for backward in a narrower dtype for the duration of each epoch."""

    def __init__(self, storage_dtype=torch.bfloat16):
        self.storage_dtype = storage_dtype
        self._scope = None
        self.packed = 0

    def setup(self, trainer):
        self.model = trainer.model

    def _pack(self, tensor):
        if not (self.model.training and tensor.is_floating_point()):
            return tensor.detach(), None
        self.packed += 1
        return tensor.detach().to(self.storage_dtype), tensor.dtype

    def _unpack(self, packed):
        data, dtype = packed
        return data if dtype is None else data.to(dtype)

    def on_train_epoch_start(self, trainer):
        self._scope = torch.autograd.graph.saved_tensors_hooks(self._pack, self._unpack)
        self._scope.__enter__()  # retain

    def on_train_epoch_end(self, trainer):
        if self._scope is not None:
            self._scope.__exit__(None, None, None)
            self._scope = None
