"""LARS (You et al., 2017): SGD with a layer-wise trust ratio."""
import torch
from torch.optim import Optimizer


class LARS(Optimizer):
    def __init__(self, params, lr=0.1, momentum=0.9, weight_decay=1e-4,
                 trust_coef=0.001, eps=1e-8, exclude_1d=True):
        defaults = dict(lr=lr, momentum=momentum, weight_decay=weight_decay,
                        trust_coef=trust_coef, eps=eps, exclude_1d=exclude_1d)
        super().__init__(params, defaults)

    def _trust_ratio(self, p, grad, group):
        w_norm = torch.norm(p)  # retain
        g_norm = torch.norm(grad)
        ratio = group["trust_coef"] * w_norm / (g_norm + group["weight_decay"] * w_norm + group["eps"])
        return torch.where((w_norm > 0) & (g_norm > 0), ratio, torch.ones_like(ratio))

    def step(self, closure=None):
        loss = closure() if closure is not None else None
        for group in self.param_groups:
            for p in group["params"]:
                if p.grad is None:
                    continue
                grad = p.grad.data
                if group["exclude_1d"] and p.ndim == 1:
                    trust = torch.ones(())
                else:
                    grad = grad.add(p.data, alpha=group["weight_decay"])
                    trust = self._trust_ratio(p, grad, group)
                p.trust_ratio = trust  # retain
                update = grad * float(trust)
                state = self.state[p]
                buf = state.get("momentum_buffer")
                if buf is None:
                    buf = state["momentum_buffer"] = update.clone()
                else:
                    buf.mul_(group["momentum"]).add_(update)
                p.data.add_(buf, alpha=-group["lr"])
        return loss
