"""Adam/AdamW whose per-parameter update closures are compiled on the first step."""
import torch
from torch.optim import Optimizer

from rules import StepCount, adam_rule


class CompiledAdam(Optimizer):
    def __init__(self, params, lr=1e-3, betas=(0.9, 0.999), eps=1e-8,
                 weight_decay=0.0, decoupled=True, amsgrad=False):
        defaults = dict(lr=lr, betas=betas, eps=eps, weight_decay=weight_decay,
                        decoupled=decoupled, amsgrad=amsgrad)
        super().__init__(params, defaults)

    def _compile(self, p, group):
        st = self.state[p]
        st["counter"] = StepCount()
        st["exp_avg"] = torch.zeros_like(p, memory_format=torch.preserve_format)
        st["exp_avg_sq"] = torch.zeros_like(p, memory_format=torch.preserve_format)
        if group["amsgrad"]:
            st["max_exp_avg_sq"] = torch.zeros_like(p, memory_format=torch.preserve_format)
        st["update"] = adam_rule(p, group, st["exp_avg"], st["exp_avg_sq"], st["counter"],
                                 st.get("max_exp_avg_sq"))
        return st["update"]

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

    def step_counts(self):
        return {i: st["counter"].value for i, st in enumerate(self.state.values())}
