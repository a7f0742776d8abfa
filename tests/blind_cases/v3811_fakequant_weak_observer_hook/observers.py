"""Python range observers used for fake quantization."""
import torch
import torch.nn as nn


class MovingAverageMinMax(nn.Module):
    def __init__(self, momentum=0.1):
        super().__init__()
        self.momentum = momentum
        self.register_buffer("min_val", torch.tensor(float("inf")))
        self.register_buffer("max_val", torch.tensor(float("-inf")))

    def forward(self, x):
        with torch.no_grad():
            lo, hi = x.min(), x.max()
            if torch.isinf(self.min_val):
                self.min_val.copy_(lo)
                self.max_val.copy_(hi)
            else:
                self.min_val.lerp_(lo, self.momentum)
                self.max_val.lerp_(hi, self.momentum)
        return x

    def qparams(self, bits=8):
        span = (self.max_val - self.min_val).clamp_min(1e-8)
        scale = span / (2 ** bits - 1)
        zero_point = torch.round(-self.min_val / scale)
        return scale, zero_point


OBSERVER_REGISTRY = {"ema_minmax": MovingAverageMinMax}
