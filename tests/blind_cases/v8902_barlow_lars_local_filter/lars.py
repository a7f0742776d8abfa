"""LARS optimizer in the style of the BYOL / Barlow Twins reference code."""
import torch
from torch import optim


class LARS(optim.Optimizer):
    def __init__(self, params, lr, weight_decay=0.0, momentum=0.9, eta=0.001,
                 weight_decay_filter=None, lars_adaptation_filter=None):
        defaults = dict(lr=lr, weight_decay=weight_decay, momentum=momentum, eta=eta,
                        weight_decay_filter=weight_decay_filter,
                        lars_adaptation_filter=lars_adaptation_filter)
        super().__init__(params, defaults)

    @staticmethod
    def _skip(group, key, p):
        fn = group[key]
        return fn is not None and fn(p)

    @torch.no_grad()
    def step(self):
        for g in self.param_groups:
            for p in g["params"]:
                if p.grad is None:
                    continue
                dp = p.grad
                if not self._skip(g, "weight_decay_filter", p):
                    dp = dp.add(p, alpha=g["weight_decay"])
                if not self._skip(g, "lars_adaptation_filter", p):
                    param_norm = torch.norm(p)
                    update_norm = torch.norm(dp)
                    one = torch.ones_like(param_norm)
                    q = torch.where(param_norm > 0.0,
                                    torch.where(update_norm > 0, g["eta"] * param_norm / update_norm, one),
                                    one)
                    dp = dp.mul(q)
                state = self.state[p]
                if "mu" not in state:
                    state["mu"] = torch.zeros_like(p)
                mu = state["mu"]
                mu.mul_(g["momentum"]).add_(dp)
                p.add_(mu, alpha=-g["lr"])
