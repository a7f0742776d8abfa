"""Differentiable inner loop for Meta-SGD with per-parameter learnable step sizes."""
from typing import List

import torch
import torch.nn as nn
import torch.nn.functional as F


def functional_forward(x, params):
    w1, b1, w2, b2 = params
    return F.linear(torch.relu(F.linear(x, w1, b1)), w2, b2)


class MetaSGDInnerLoop(nn.Module):
    """Holds the learnable per-parameter learning rates and runs the task adaptation."""

    def __init__(self, params, steps=2, init_lr=0.05):
        super().__init__()
        self.steps = steps
        self.log_lrs = nn.ParameterList(
            nn.Parameter(torch.full_like(p, init_lr).log()) for p in params)
        self.grad_norms: List[float] = []
        self.fast_weights: List[torch.Tensor] = []

    def _record(self, grad):
        self.grad_norms.append(float(grad.norm()))
        return grad

    def adapt(self, params, x, y):
        fast = list(params)
        for _ in range(self.steps):
            loss = F.mse_loss(functional_forward(x, fast), y)
            grads = torch.autograd.grad(loss, fast, create_graph=True)
            fast = [w - lr.exp() * g for w, lr, g in zip(fast, self.log_lrs, grads)]
        for w in fast:
            w.register_hook(self._record)  # retain
        self.fast_weights = fast  # retain
        return fast
