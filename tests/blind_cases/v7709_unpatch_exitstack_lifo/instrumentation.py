"""Instrumentation plugins that wrap torch.Tensor.backward while a run is active."""
import math

import torch


class TensorPatch:
    """Base for plugins that swap one attribute of a torch class and put it back afterwards."""
    target = (torch.Tensor, "backward")

    def install(self, replacement):
        owner, attr = self.target
        self._previous = getattr(owner, attr)
        setattr(owner, attr, replacement)

    def uninstall(self):
        owner, attr = self.target
        setattr(owner, attr, self._previous)
        self._previous = None


class NonFiniteLossGuard(TensorPatch):
    def __init__(self, max_skips=3):
        self.max_skips = max_skips
        self.skipped = 0

    def setup(self, model):
        inner = torch.Tensor.backward

        def guarded_backward(tensor, *args, **kwargs):
            if tensor.dim() == 0 and not math.isfinite(tensor.item()):
                self.skipped += 1
                if self.skipped > self.max_skips:
                    raise FloatingPointError("too many non-finite losses")
                return None
            return inner(tensor, *args, **kwargs)

        self.install(guarded_backward)


class GradSparsityProbe(TensorPatch):
    def setup(self, model):
        self.model = model
        self.zero_fraction = []
        inner = torch.Tensor.backward

        def probed_backward(tensor, *args, **kwargs):
            out = inner(tensor, *args, **kwargs)
            grads = [p.grad for p in self.model.parameters() if p.grad is not None]
            zeros = sum(int((g == 0).sum()) for g in grads)
            self.zero_fraction.append(zeros / max(1, sum(g.numel() for g in grads)))
            return out

        self.install(probed_backward)
