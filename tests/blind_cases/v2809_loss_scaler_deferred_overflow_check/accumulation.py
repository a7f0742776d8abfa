"""Gradient accumulation helper that steps the optimizer every ``steps`` micro-batches."""
from amp_utils import default_scaler


class GradAccumulator:
    def __init__(self, optimizer, steps, scaler=None):
        self.optimizer = optimizer
        self.steps = steps
        self.scaler = scaler or default_scaler
        self._micro = 0
        self.updates = 0

    def backward(self, loss):
        self.scaler.scale(loss / self.steps).backward()
        self._micro += 1
        if self._micro < self.steps:
            return False
        self._micro = 0
        if self.scaler.step(self.optimizer):
            self.updates += 1
        self.optimizer.zero_grad(set_to_none=True)
        return True
