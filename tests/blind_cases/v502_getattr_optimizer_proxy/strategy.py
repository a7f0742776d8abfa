"""Single-process strategy and the optimizer wrapper it hands to the training loop."""
import functools
import time

import torch

_INTERCEPTED = ("step", "zero_grad")


class SingleDeviceStrategy:
    def __init__(self, clip_norm=None):
        self.clip_norm = clip_norm
        self.timings = {}
        self._started = {}
        self.params = []

    def before(self, op):
        if op == "step" and self.clip_norm is not None:
            torch.nn.utils.clip_grad_norm_(self.params, self.clip_norm)
        self._started[op] = time.perf_counter()

    def after(self, op):
        elapsed = time.perf_counter() - self._started.pop(op)
        self.timings[op] = self.timings.get(op, 0.0) + elapsed

    def setup_optimizer(self, optimizer):
        for group in optimizer.param_groups:
            self.params.extend(group["params"])
        return StrategyOptimizer(optimizer, self)


class StrategyOptimizer:
    """Looks like the wrapped optimizer; step/zero_grad go through the strategy."""

    def __init__(self, optimizer, strategy):
        self._optimizer = optimizer
        self._strategy = strategy

    @property
    def optimizer(self):
        return self._optimizer

    def __getattr__(self, name):
        if name.startswith("_"):
            raise AttributeError(name)
        attr = getattr(self._optimizer, name)
        if name in _INTERCEPTED and callable(attr):
            @functools.wraps(attr)
            def wrapped(*args, **kwargs):  # cycle
                self._strategy.before(name)
                try:
                    return attr(*args, **kwargs)
                finally:
                    self._strategy.after(name)
            self.__dict__[name] = wrapped  # cycle
            return wrapped
        return attr

    def __repr__(self):
        return f"StrategyOptimizer({self._optimizer.__class__.__name__})"
