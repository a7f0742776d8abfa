"""Debug guards that can be used as context managers or as decorators."""
import contextlib
import time

import torch


class StepGuard(contextlib.ContextDecorator):
    """Base guard: times the wrapped block and counts calls."""

    def __init__(self, label="step"):
        self.label = label
        self.calls = 0
        self.elapsed = 0.0
        self._t0 = None

    def __enter__(self):
        self.calls += 1
        self._t0 = time.perf_counter()
        return self

    def __exit__(self, *exc):
        self.elapsed += time.perf_counter() - self._t0
        return False


class AnomalyGuard(StepGuard):
    """Turns on autograd anomaly detection for the guarded block and checks grads afterwards."""

    def __init__(self, params_fn, enabled=True, label="train_step"):
        super().__init__(label)
        self.enabled = enabled
        self.params_fn = params_fn
        self.nonfinite_steps = 0
        self._mode = None

    def __enter__(self):
        super().__enter__()
        self._mode = torch.autograd.set_detect_anomaly(self.enabled)
        return self

    def __exit__(self, *exc):
        self._mode.__exit__(*exc)
        self._mode = None
        grads = [p.grad for p in self.params_fn() if p.grad is not None]
        if grads and not all(torch.isfinite(g).all() for g in grads):
            self.nonfinite_steps += 1
        return super().__exit__(*exc)
