"""Lookahead optimizer wrapper (Zhang et al., 2019): k fast steps, then one slow step."""
from collections import defaultdict

import torch
from torch.optim import Optimizer


class Lookahead(Optimizer):
    """Wraps any torch optimizer; param_groups/defaults are forwarded to the base.

    Subclasses Optimizer so LR schedulers and clipping utilities accept it.
    """

    def __init__(self, base, k=5, alpha=0.5):
        if not 0.0 <= alpha <= 1.0:
            raise ValueError(f"invalid slow step size: {alpha}")
        self.base_optimizer = base
        self.k = k
        self.alpha = alpha
        self.la_state = defaultdict(dict)
        for group in base.param_groups:
            for p in group["params"]:
                self.la_state[p]["slow"] = p.clone()
        self.fast_steps = 0

    @property
    def param_groups(self):
        return self.base_optimizer.param_groups

    @property
    def defaults(self):
        return self.base_optimizer.defaults

    @property
    def state(self):
        return self.base_optimizer.state

    def state_dict(self):
        return {"base": self.base_optimizer.state_dict(), "fast_steps": self.fast_steps,
                "slow": [self.la_state[p]["slow"].detach() for g in self.param_groups for p in g["params"]]}

    @torch.no_grad()
    def step(self, closure=None):
        loss = self.base_optimizer.step(closure)
        self.fast_steps += 1
        if self.fast_steps % self.k == 0:
            for group in self.param_groups:
                for p in group["params"]:
                    slow = self.la_state[p]["slow"]
                    slow.add_(p - slow, alpha=self.alpha)
                    p.copy_(slow)
        return loss

    def zero_grad(self, set_to_none=False):
        self.base_optimizer.zero_grad(set_to_none=set_to_none)
