"""Backtracking (Armijo) line-search SGD driven by a guarded loss closure."""
import torch
import torch.nn as nn
import torch.nn.functional as F
from torch.optim import Optimizer


class LossSpike(ArithmeticError):
    def __init__(self, loss, reference):
        super().__init__(f"loss {loss:.3g} exceeds {reference:.3g}")
        self.loss = loss


class ArmijoSGD(Optimizer):
    def __init__(self, params, init_step=1.0, c=1e-4, beta=0.5, max_backtracks=12, reset_factor=2.0):
        defaults = dict(init_step=init_step, c=c, beta=beta,
                        max_backtracks=max_backtracks, reset_factor=reset_factor)
        super().__init__(params, defaults)
        self.state["line_search"] = {"step_size": init_step, "backtracks": 0, "rejected": 0}

    def _params(self):
        return [p for g in self.param_groups for p in g["params"] if p.grad is not None]

    @torch.no_grad()
    def step(self, closure):
        ls = self.state["line_search"]
        group = self.param_groups[0]
        with torch.enable_grad():
            loss = float(closure())
        params = self._params()
        grads = [p.grad.clone() for p in params]
        origin = [p.clone() for p in params]
        grad_sq = sum(float(g.pow(2).sum()) for g in grads)
        t = min(ls["step_size"] * group["reset_factor"], group["init_step"])
        for _ in range(group["max_backtracks"]):
            for p, p0, g in zip(params, origin, grads):
                p.copy_(p0).add_(g, alpha=-t)
            try:
                trial = float(closure(backward=False))
            except LossSpike as err:
                ls["rejected"] += 1
                ls["last_rejection"] = err  # cycle
                t *= group["beta"]
                continue
            if trial <= loss - group["c"] * t * grad_sq:
                break
            ls["backtracks"] += 1
            t *= group["beta"]
        ls["step_size"] = t
        return loss


def make_closure(model, opt, x, y, spike_factor=20.0):
    reference = {}

    def closure(backward=True):
        with torch.set_grad_enabled(backward):
            loss = F.mse_loss(model(x), y)
        value = loss.item()
        if "loss" in reference and value > spike_factor * reference["loss"]:
            raise LossSpike(value, spike_factor * reference["loss"])
        if backward:
            reference["loss"] = value
            opt.zero_grad()
            loss.backward()
        return loss

    return closure


def main():
    torch.manual_seed(0)
    w = torch.randn(8, 1)
    for run in range(3):
        model = nn.Sequential(nn.Linear(8, 16), nn.Tanh(), nn.Linear(16, 1))
        opt = ArmijoSGD(model.parameters(), init_step=50.0 / (run + 1))
        for _ in range(4):
            x = torch.randn(32, 8)
            loss = opt.step(make_closure(model, opt, x, x @ w))
        ls = opt.state["line_search"]
        print(f"run {run}: loss {loss:.3f} step {ls['step_size']:.3g} rejected {ls['rejected']}")


if __name__ == "__main__":
    main()
