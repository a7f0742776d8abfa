"""Keras-style callback container: every callback gets a handle on the running trainer."""
import math

import torch


class Callback:
    trainer = None

    def on_fit_start(self):
        pass

    def on_after_backward(self):
        pass

    def on_batch_end(self, step, loss):
        pass


class CallbackList:
    def __init__(self, callbacks):
        self._callbacks = list(callbacks)  # cycle

    def bind(self, trainer):
        for cb in self._callbacks:
            setattr(cb, "trainer", trainer)  # cycle

    def dispatch(self, hook, *args):
        for cb in self._callbacks:
            getattr(cb, hook)(*args)


class GradNormMonitor(Callback):
    def __init__(self):
        self.norms = []

    def on_after_backward(self):
        total = 0.0
        for p in self.trainer.model.parameters():
            if p.grad is not None:
                total += float(p.grad.detach().pow(2).sum())
        self.norms.append(math.sqrt(total))


class LossSpikeGuard(Callback):
    def __init__(self, factor=5.0):
        self.factor = factor
        self.best = math.inf

    def on_batch_end(self, step, loss):
        if loss > self.factor * self.best:
            self.trainer.should_stop = True
        self.best = min(self.best, loss)


class LRLogger(Callback):
    def __init__(self):
        self.lrs = []

    def on_fit_start(self):
        self.lrs.clear()

    def on_batch_end(self, step, loss):
        self.lrs.append(self.trainer.optimizer.param_groups[0]["lr"])
