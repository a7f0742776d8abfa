"""Adam variant that compiles a per-parameter update rule once, on the first step."""
import math

import torch
import torch.nn as nn
import torch.nn.functional as F
from torch.optim import Optimizer


class CompiledAdam(Optimizer):
    """Adam/AdamW where each parameter's update is a small closure built lazily.

    Building the closure once hoists the per-group branching (decoupled weight
    decay, AMSGrad) out of the hot loop.
    """

    def __init__(self, params, lr=1e-3, betas=(0.9, 0.999), eps=1e-8,
                 weight_decay=0.0, decoupled=True, amsgrad=False):
        defaults = dict(lr=lr, betas=betas, eps=eps, weight_decay=weight_decay,
                        decoupled=decoupled, amsgrad=amsgrad)
        super().__init__(params, defaults)

    def _compile(self, p, group):
        st = self.state[p]
        st["step"] = 0
        st["exp_avg"] = torch.zeros_like(p, memory_format=torch.preserve_format)
        st["exp_avg_sq"] = torch.zeros_like(p, memory_format=torch.preserve_format)
        if group["amsgrad"]:
            st["max_exp_avg_sq"] = torch.zeros_like(p, memory_format=torch.preserve_format)
        beta1, beta2 = group["betas"]

        def update(grad):  # cycle
            st["step"] += 1
            t = st["step"]
            if group["weight_decay"] and group["decoupled"]:
                p.mul_(1 - group["lr"] * group["weight_decay"])
            elif group["weight_decay"]:
                grad = grad.add(p, alpha=group["weight_decay"])
            st["exp_avg"].mul_(beta1).add_(grad, alpha=1 - beta1)
            st["exp_avg_sq"].mul_(beta2).addcmul_(grad, grad, value=1 - beta2)
            second = st["exp_avg_sq"]
            if group["amsgrad"]:
                torch.maximum(st["max_exp_avg_sq"], second, out=st["max_exp_avg_sq"])
                second = st["max_exp_avg_sq"]
            denom = (second.sqrt() / math.sqrt(1 - beta2 ** t)).add_(group["eps"])
            p.addcdiv_(st["exp_avg"], denom, value=-group["lr"] / (1 - beta1 ** t))

        st["update"] = update  # cycle
        return update

    @torch.no_grad()
    def step(self, closure=None):
        loss = None
        if closure is not None:
            with torch.enable_grad():
                loss = closure()
        for group in self.param_groups:
            for p in group["params"]:
                if p.grad is None:
                    continue
                rule = self.state[p].get("update") or self._compile(p, group)
                rule(p.grad)
        return loss


class TinyConvNet(nn.Module):
    def __init__(self, channels=8, classes=5):
        super().__init__()
        self.conv = nn.Conv2d(1, channels, 3, padding=1)
        self.head = nn.Linear(channels, classes)

    def forward(self, x):
        return self.head(F.relu(self.conv(x)).mean(dim=(2, 3)))


def main():
    torch.manual_seed(0)
    grid = [dict(lr=2e-3, weight_decay=0.05), dict(lr=1e-3, amsgrad=True), dict(lr=5e-4, decoupled=False, weight_decay=1e-4)]
    for hparams in grid:
        model = TinyConvNet()
        opt = CompiledAdam(model.parameters(), **hparams)
        for step in range(4):
            x = torch.randn(16, 1, 8, 8)
            y = torch.randint(0, 5, (16,))
            loss = F.cross_entropy(model(x), y)
            opt.zero_grad(set_to_none=True)
            loss.backward()
            opt.step()
        print(hparams, f"final loss {loss.item():.3f}")


if __name__ == "__main__":
    main()
