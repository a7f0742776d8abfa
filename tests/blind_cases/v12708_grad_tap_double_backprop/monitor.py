"""Named gradient taps for a feature-gradient dashboard."""
import collections

import torch


class GradTap(torch.autograd.Function):
    """Identity op that reports the gradient arriving at a feature map."""

    @staticmethod
    def forward(ctx, x, monitor, name):
        ctx.monitor = monitor  # retain
        ctx.name = name
        return x.view_as(x)

    @staticmethod
    def backward(ctx, grad):
        ctx.monitor.record(ctx.name, grad)
        return grad, None, None


class FeatureGradMonitor:
    def __init__(self, history=8):
        self.grads = collections.defaultdict(lambda: collections.deque(maxlen=history))

    def tap(self, x, name):
        return GradTap.apply(x, self, name)

    def record(self, name, grad):
        self.grads[name].append(grad)  # retain

    def report(self):
        return {name: [g.norm().item() for g in q] for name, q in self.grads.items()}
