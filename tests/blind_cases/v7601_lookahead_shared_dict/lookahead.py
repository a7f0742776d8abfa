"""Lookahead optimizer wrapper (Zhang et al., 2019): k fast steps, then one slow step."""
import torch
from torch.optim import Optimizer


class Lookahead(Optimizer):
    """Wraps any torch optimizer.

    The wrapper adopts the base optimizer's instance dictionary, so
    ``param_groups``, ``state``, ``defaults`` and ``state_dict()`` are exactly
    the base optimizer's and code that inspects the optimizer (gradient
    clipping, LR logging, checkpointing) keeps working unchanged.
    """

    def __init__(self, base, k=5, alpha=0.5):
        if not 0.0 <= alpha <= 1.0:
            raise ValueError(f"invalid slow step size: {alpha}")
        if k < 1:
            raise ValueError(f"invalid lookahead steps: {k}")
        self.__dict__ = base.__dict__  # cycle
        self.base_optimizer = base  # cycle
        self.la_k = k
        self.la_alpha = alpha
        self.la_counter = 0
        self.slow_weights = {}
        for group in self.param_groups:
            for p in group["params"]:
                self.slow_weights[p] = p.detach().clone()

    @torch.no_grad()
    def _sync_slow(self):
        for group in self.param_groups:
            for p in group["params"]:
                slow = self.slow_weights[p]
                slow.add_(p - slow, alpha=self.la_alpha)
                p.copy_(slow)

    def step(self, closure=None):
        loss = self.base_optimizer.step(closure)
        self.la_counter += 1
        if self.la_counter % self.la_k == 0:
            self._sync_slow()
        return loss

    def zero_grad(self, set_to_none=False):
        self.base_optimizer.zero_grad(set_to_none=set_to_none)
