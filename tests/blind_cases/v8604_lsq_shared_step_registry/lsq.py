"""Learned step size quantization (LSQ) with optional step sharing between quantizers."""
import math

import torch
import torch.nn as nn

_SHARED_STEPS = {}


def reset_shared_steps():
    _SHARED_STEPS.clear()


def shared_step(group):
    """Quantizers whose outputs meet in one integer add must use one step size."""
    step = _SHARED_STEPS.get(group)
    if step is None:
        step = nn.Parameter(torch.tensor(1.0))
        _SHARED_STEPS[group] = step  # retain
    return step


def grad_scale(x, scale):
    return (x - x * scale).detach() + x * scale


def round_pass(x):
    return (x.round() - x).detach() + x


class LsqQuantizer(nn.Module):
    def __init__(self, bits, signed=True, share_group=None):
        super().__init__()
        self.qn = -(2 ** (bits - 1)) if signed else 0
        self.qp = 2 ** (bits - 1) - 1 if signed else 2 ** bits - 1
        self.step = nn.Parameter(torch.tensor(1.0)) if share_group is None else shared_step(share_group)
        self.register_buffer("initialized", torch.tensor(False))

    @torch.no_grad()
    def _init_step(self, x):
        self.step.copy_(2 * x.abs().mean() / math.sqrt(self.qp))
        self.initialized.fill_(True)

    def forward(self, x):
        if self.training and not bool(self.initialized):
            self._init_step(x)
        g = 1.0 / math.sqrt(x.numel() * self.qp)
        s = grad_scale(self.step, g)
        return round_pass((x / s).clamp(self.qn, self.qp)) * s
