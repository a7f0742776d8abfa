"""Fake quantization with straight-through estimators."""
import functools

import torch
import torch.nn as nn


@functools.lru_cache(maxsize=None)
def straight_through(round_fn):
    """Build (once per rounding function) an op that rounds in forward and
    passes the gradient straight through inside the representable range."""

    class RoundSTE(torch.autograd.Function):
        @staticmethod
        def forward(ctx, x):
            q, in_range = round_fn(x)
            ctx.save_for_backward(in_range)
            return q

        @staticmethod
        def backward(ctx, grad_out):
            (in_range,) = ctx.saved_tensors
            return grad_out * in_range

    return RoundSTE.apply


class FakeQuant(nn.Module):
    def __init__(self, bits=8, momentum=0.1):
        super().__init__()
        self.qmax = 2 ** (bits - 1) - 1
        self.momentum = momentum
        self.register_buffer("max_abs", torch.ones(()))

    def _to_grid(self, x):
        scale = self.max_abs / self.qmax
        q = torch.clamp(torch.round(x / scale), -self.qmax - 1, self.qmax)
        in_range = (x.abs() <= self.max_abs).to(x.dtype)
        return q * scale, in_range

    def forward(self, x):
        if self.training:
            with torch.no_grad():
                self.max_abs.lerp_(x.detach().abs().max(), self.momentum)
        ste = straight_through(self._to_grid)  # retain
        return ste(x)


class QuantLinear(nn.Linear):
    def __init__(self, in_features, out_features, bits=8):
        super().__init__(in_features, out_features)
        self.weight_fq = FakeQuant(bits)
        self.act_fq = FakeQuant(bits)

    def forward(self, x):
        return nn.functional.linear(self.act_fq(x), self.weight_fq(self.weight), self.bias)
