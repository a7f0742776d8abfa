"""Optimizer proxy used by the sweep runner for step timing and non-finite skipping.

The proxy takes over the wrapped optimizer's attributes and becomes an instance
of a subclass of the wrapped optimizer's class, so ``isinstance`` checks in the
LR schedulers and in the checkpoint helpers keep working unchanged.
"""
import math
import time


class ProxyOptimizer:
    def __init__(self, optimizer, skip_nonfinite=True):
        self.__dict__.update({k: v for k, v in optimizer.__dict__.items() if k != "step"})
        proxy_cls = type("Proxy" + type(optimizer).__name__, (type(self), type(optimizer)), {})  # cycle
        self.__class__ = proxy_cls
        self._optimizer = optimizer
        self._skip_nonfinite = skip_nonfinite
        self.step_seconds = []
        self.skipped_steps = 0

    @property
    def optimizer(self):
        return self._optimizer

    def _grads_finite(self):
        for group in self.param_groups:
            for p in group["params"]:
                if p.grad is not None and not bool(p.grad.isfinite().all()):
                    return False
        return True

    def step(self, closure=None):
        if self._skip_nonfinite and not self._grads_finite():
            self.skipped_steps += 1
            return None
        start = time.perf_counter()
        out = self._optimizer.step(closure)
        self.step_seconds.append(time.perf_counter() - start)
        return out

    def zero_grad(self, set_to_none=False):
        self._optimizer.zero_grad(set_to_none=set_to_none)

    def summary(self):
        n = len(self.step_seconds)
        mean = sum(self.step_seconds) / n if n else math.nan
        return {"steps": n, "skipped": self.skipped_steps, "mean_step_ms": 1e3 * mean}
