"""Extra-gradient optimizers for two-player games (extrapolate, then update from the saved point)."""
from typing import Dict

import torch
from torch.optim import Optimizer


class ExtragradientMixin:
    """Adds `extrapolation()`; `step()` restores the pre-extrapolation point before updating."""

    _anchors: Dict[torch.Tensor, torch.Tensor] = {}

    @torch.no_grad()
    def extrapolation(self):
        for group in self.param_groups:
            for p in group["params"]:
                if p.grad is None:
                    continue
                self._anchors[p] = p.detach().clone()  # retain
                p.add_(p.grad, alpha=-group["lr"])

    @torch.no_grad()
    def restore(self):
        for group in self.param_groups:
            for p in group["params"]:
                anchor = self._anchors.get(p)
                if anchor is not None:
                    p.copy_(anchor)

    def step(self, closure=None):
        self.restore()
        return super().step(closure)


class ExtraSGD(ExtragradientMixin, torch.optim.SGD):
    pass


class ExtraAdam(ExtragradientMixin, torch.optim.Adam):
    pass


OPTIMIZERS = {"extra_sgd": ExtraSGD, "extra_adam": ExtraAdam}


def build_optimizer(name, params, **kwargs) -> Optimizer:
    return OPTIMIZERS[name](params, **kwargs)
