"""Post-training calibration: observe the output range of every nn.Linear in a model."""
import torch
import torch.nn as nn


class MinMaxObserver:
    def __init__(self, momentum=0.1):
        self.momentum = momentum
        self.min_val = None
        self.max_val = None
        self.calls = 0

    def update(self, output):
        lo, hi = output.detach().min(), output.detach().max()
        if self.min_val is None:
            self.min_val, self.max_val = lo, hi
        else:
            self.min_val = self.min_val + self.momentum * (lo - self.min_val)
            self.max_val = self.max_val + self.momentum * (hi - self.max_val)
        self.calls += 1

    def scale(self, bits=8):
        span = torch.maximum(self.max_val.abs(), self.min_val.abs())
        return (span / (2 ** (bits - 1) - 1)).item()


class LinearCalibration:
    """Context manager that routes nn.Linear.forward through range observers."""

    _saved_forward = None

    def __init__(self, model, prefix=""):
        self.model = model
        self.names = {m: prefix + n for n, m in model.named_modules() if isinstance(m, nn.Linear)}
        self.observers = {name: MinMaxObserver() for name in self.names.values()}

    def __enter__(self):
        LinearCalibration._saved_forward = nn.Linear.forward  # retain
        base_forward = LinearCalibration._saved_forward
        names, observers = self.names, self.observers

        def observed_forward(layer, x):
            out = base_forward(layer, x)
            name = names.get(layer)
            if name is not None:
                observers[name].update(out)
            return out

        nn.Linear.forward = observed_forward  # retain
        return self

    def __exit__(self, exc_type, exc, tb):
        nn.Linear.forward = LinearCalibration._saved_forward  # retain
        return False

    def scales(self, bits=8):
        return {name: obs.scale(bits) for name, obs in self.observers.items() if obs.calls}
