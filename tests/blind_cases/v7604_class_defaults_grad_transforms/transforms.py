"""Gradient transforms applied by TransformSGD before the parameter update."""
import torch


class ClipToRunningNorm:
    """Clip each gradient to ``factor`` times an EMA of that parameter's gradient norm."""

    def __init__(self, factor=2.0, momentum=0.9, warmup=3):
        self.factor = factor
        self.momentum = momentum
        self.warmup = warmup
        self.running = {}
        self.seen = {}

    def __call__(self, p, grad):
        norm = float(grad.norm())
        n = self.seen.get(p, 0)
        avg = self.running.get(p, norm)
        if n >= self.warmup and norm > self.factor * avg:
            grad = grad * (self.factor * avg / norm)
            norm = self.factor * avg
        self.running[p] = self.momentum * avg + (1 - self.momentum) * norm  # retain
        self.seen[p] = n + 1  # retain
        return grad


class Centralize:
    """Gradient centralization for weight matrices and conv kernels."""

    def __call__(self, p, grad):
        if grad.dim() > 1:
            grad = grad - grad.mean(dim=tuple(range(1, grad.dim())), keepdim=True)
        return grad
