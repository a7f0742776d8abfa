"""Per-parameter Adam update rules, built by module-level factories."""
import math
from dataclasses import dataclass

import torch


@dataclass
class StepCount:
    value: int = 0


def adam_rule(p, group, exp_avg, exp_avg_sq, counter, max_exp_avg_sq=None):
    """Return update(grad) for one parameter; all state it needs is passed in."""
    beta1, beta2 = group["betas"]

    def update(grad):
        counter.value += 1
        t = counter.value
        if group["weight_decay"] and group["decoupled"]:
            p.mul_(1 - group["lr"] * group["weight_decay"])
        elif group["weight_decay"]:
            grad = grad.add(p, alpha=group["weight_decay"])
        exp_avg.mul_(beta1).add_(grad, alpha=1 - beta1)
        exp_avg_sq.mul_(beta2).addcmul_(grad, grad, value=1 - beta2)
        second = exp_avg_sq
        if max_exp_avg_sq is not None:
            torch.maximum(max_exp_avg_sq, second, out=max_exp_avg_sq)
            second = max_exp_avg_sq
        denom = (second.sqrt() / math.sqrt(1 - beta2 ** t)).add_(group["eps"])
        p.addcdiv_(exp_avg, denom, value=-group["lr"] / (1 - beta1 ** t))

    return update
