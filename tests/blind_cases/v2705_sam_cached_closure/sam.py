"""Sharpness-aware minimisation wrapped around any torch optimizer class."""
import torch


class SAM(torch.optim.Optimizer):
    def __init__(self, params, base_cls, rho=0.05, adaptive=False, **base_kwargs):
        defaults = dict(rho=rho, adaptive=adaptive, **base_kwargs)
        super().__init__(params, defaults)
        self.base = base_cls(self.param_groups, **base_kwargs)
        self.param_groups = self.base.param_groups
        self.defaults.update(self.base.defaults)
        self._closure = None

    def _grad_norm(self):
        norms = [((torch.abs(p) if g["adaptive"] else 1.0) * p.grad).norm(2)
                 for g in self.param_groups for p in g["params"] if p.grad is not None]
        return torch.norm(torch.stack(norms), 2)

    @torch.no_grad()
    def ascend(self):
        scale_base = self._grad_norm() + 1e-12
        for group in self.param_groups:
            scale = group["rho"] / scale_base
            for p in group["params"]:
                if p.grad is None:
                    continue
                e_w = (torch.pow(p, 2) if group["adaptive"] else 1.0) * p.grad * scale
                p.add_(e_w)
                self.state[p]["e_w"] = e_w
        self.zero_grad(set_to_none=True)

    @torch.no_grad()
    def descend(self):
        for group in self.param_groups:
            for p in group["params"]:
                if "e_w" in self.state[p]:
                    p.sub_(self.state[p].pop("e_w"))
        self.base.step()

    def step(self, closure=None):
        if closure is not None:
            self._closure = closure  # cycle
        if self._closure is None:
            raise RuntimeError("SAM needs a closure that re-evaluates the loss")
        self.ascend()
        with torch.enable_grad():
            loss = self._closure()
        self.descend()
        return loss
