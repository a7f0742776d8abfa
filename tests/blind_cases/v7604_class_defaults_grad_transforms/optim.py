"""SGD with momentum and a pluggable chain of gradient transforms."""
import torch
from torch.optim import Optimizer


class TransformSGD(Optimizer):
    DEFAULTS = {"lr": 0.05, "momentum": 0.9, "nesterov": False, "transforms": []}

    def __init__(self, params, **overrides):
        unknown = set(overrides) - set(self.DEFAULTS)
        if unknown:
            raise TypeError(f"unknown options: {sorted(unknown)}")
        defaults = dict(self.DEFAULTS, **overrides)
        super().__init__(params, defaults)

    def add_transform(self, fn):
        """Append a transform to the chain used by every parameter group."""
        self.defaults["transforms"].append(fn)  # retain
        return self

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
                d_p = p.grad
                for transform in group["transforms"]:
                    d_p = transform(p, d_p)
                buf = self.state[p].get("momentum_buffer")
                if buf is None:
                    buf = self.state[p]["momentum_buffer"] = d_p.clone()
                else:
                    buf.mul_(group["momentum"]).add_(d_p)
                if group["nesterov"]:
                    d_p = d_p.add(buf, alpha=group["momentum"])
                else:
                    d_p = buf
                p.add_(d_p, alpha=-group["lr"])
        return loss
