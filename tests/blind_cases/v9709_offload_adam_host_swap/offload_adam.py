"""AdamW whose per-parameter state lives in host swap space between steps (ZeRO-Offload style)."""
import math

import torch

from hostswap import HOST_SWAP


class CPUOffloadAdamW(torch.optim.Optimizer):
    def __init__(self, params, lr=1e-3, betas=(0.9, 0.999), eps=1e-8, weight_decay=0.01):
        super().__init__(params, dict(lr=lr, betas=betas, eps=eps, weight_decay=weight_decay))
        self.owner = HOST_SWAP.new_owner()

    def _fresh_state(self, p):
        return {"step": 0, "exp_avg": torch.zeros_like(p), "exp_avg_sq": torch.zeros_like(p)}

    def step(self, closure=None):
        for gi, group in enumerate(self.param_groups):
            beta1, beta2 = group["betas"]
            for pi, p in enumerate(group["params"]):
                if p.grad is None:
                    continue
                key = (self.owner, gi, pi)
                state = HOST_SWAP.swap_in(key) or self._fresh_state(p)
                grad = p.grad
                if group["weight_decay"]:
                    grad = grad.add(p, alpha=group["weight_decay"])  # retain
                state["step"] += 1
                state["exp_avg"].mul_(beta1).add_(grad, alpha=1 - beta1)  # retain
                state["exp_avg_sq"].mul_(beta2).addcmul_(grad, grad, value=1 - beta2)  # retain
                bias1 = 1 - beta1 ** state["step"]
                bias2 = 1 - beta2 ** state["step"]
                denom = (state["exp_avg_sq"] / bias2).sqrt().add_(group["eps"])
                p.data.addcdiv_(state["exp_avg"], denom, value=-group["lr"] / bias1)
                HOST_SWAP.swap_out(key, state)  # retain
        return None

    def zero_grad(self, set_to_none=True):
        super().zero_grad(set_to_none=set_to_none)
