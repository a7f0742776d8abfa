"""Adan-style optimizer that picks its step implementation once, plus a warm-up schedule."""
import math

import torch
import torch.nn as nn
import torch.nn.functional as F
from torch.optim import Optimizer
from torch.optim.lr_scheduler import LambdaLR


class Adan(Optimizer):
    """Adaptive Nesterov momentum (Xie et al., 2022), simplified (no restart)."""

    def __init__(self, params, lr=1e-3, betas=(0.02, 0.08, 0.01), eps=1e-8,
                 weight_decay=0.0, foreach=False):
        defaults = dict(lr=lr, betas=betas, eps=eps, weight_decay=weight_decay)
        super().__init__(params, defaults)
        self.step = self._step_foreach if foreach else self._step_loop

    def _init_state(self, p):
        st = self.state[p]
        if not st:
            st["step"] = 0
            st["m"] = torch.zeros_like(p)
            st["v"] = torch.zeros_like(p)
            st["n"] = torch.zeros_like(p)
            st["prev_grad"] = p.grad.clone()
        return st

    @torch.no_grad()
    def _step_loop(self, closure=None):
        loss = None
        if closure is not None:
            with torch.enable_grad():
                loss = closure()
        for group in self.param_groups:
            b1, b2, b3 = group["betas"]
            for p in group["params"]:
                if p.grad is None:
                    continue
                st = self._init_state(p)
                st["step"] += 1
                diff = p.grad - st["prev_grad"]
                st["m"].mul_(1 - b1).add_(p.grad, alpha=b1)
                st["v"].mul_(1 - b2).add_(diff, alpha=b2)
                st["n"].mul_(1 - b3).addcmul_(p.grad + (1 - b2) * diff, p.grad + (1 - b2) * diff, value=b3)
                denom = st["n"].sqrt().add_(group["eps"])
                update = (st["m"] + (1 - b2) * st["v"]).div_(denom)
                p.mul_(1 / (1 + group["lr"] * group["weight_decay"]))
                p.add_(update, alpha=-group["lr"])
                st["prev_grad"].copy_(p.grad)
        return loss

    @torch.no_grad()
    def _step_foreach(self, closure=None):
        # the multi-tensor path is not worth it for tiny models; same maths
        return self._step_loop(closure)


def warmup_cosine(total, warmup):
    def factor(step):
        if step < warmup:
            return (step + 1) / warmup
        progress = (step - warmup) / max(1, total - warmup)
        return 0.5 * (1.0 + math.cos(math.pi * min(1.0, progress)))
    return factor


class Trainer:
    def __init__(self, cfg):
        self.model = nn.Sequential(nn.Linear(16, 64), nn.GELU(), nn.Linear(64, 4))
        self.optimizer = Adan(self.model.parameters(), lr=cfg["lr"],
                              weight_decay=cfg["wd"], foreach=cfg["foreach"])
        self.scheduler = LambdaLR(self.optimizer, warmup_cosine(cfg["steps"], cfg["warmup"]))
        self.steps = cfg["steps"]

    def fit(self, x, y):
        for _ in range(self.steps):
            idx = torch.randint(0, len(x), (32,))
            loss = F.cross_entropy(self.model(x[idx]), y[idx])
            self.optimizer.zero_grad(set_to_none=True)
            loss.backward()
            self.optimizer.step()
            self.scheduler.step()
        return loss.item()


def main():
    torch.manual_seed(0)
    x, y = torch.randn(256, 16), torch.randint(0, 4, (256,))
    for cfg in ({"lr": 1e-2, "wd": 0.02, "foreach": False, "steps": 8, "warmup": 2},
                {"lr": 3e-3, "wd": 0.0, "foreach": True, "steps": 8, "warmup": 3}):
        print(cfg, f"loss={Trainer(cfg).fit(x, y):.3f}")


if __name__ == "__main__":
    main()
