"""Heteroscedastic regression with an anomaly-mode NaN guard for the first steps."""
import contextlib
import warnings

import torch
import torch.nn as nn

CONFIG = {"in_dim": 6, "hidden": 16, "steps": 6, "batch": 24, "lr": 1e-2, "debug_steps": 4}

warnings.filterwarnings("ignore", message="Anomaly Detection has been enabled")
warnings.filterwarnings("ignore", message="Error detected in")


class GaussianHead(nn.Module):
    def __init__(self, in_dim, hidden):
        super().__init__()
        self.body = nn.Sequential(nn.Linear(in_dim, hidden), nn.Tanh())
        self.mean = nn.Linear(hidden, 1)
        self.var = nn.Linear(hidden, 1)

    def forward(self, x):
        h = self.body(x)
        return self.mean(h), self.var(h)


def gaussian_nll(mean, var, target):
    # expects a positive variance; the raw head output is not constrained yet
    std = var.sqrt()
    return (torch.log(std) + 0.5 * ((target - mean) / std) ** 2).mean()


class NanGuard:
    """Runs the first steps under anomaly detection and records where a
    non-finite gradient came from instead of crashing the run."""

    def __init__(self, debug_steps):
        self.debug_steps = debug_steps
        self.incidents = []

    def context(self, step):
        if step < self.debug_steps:
            return torch.autograd.detect_anomaly()
        return contextlib.nullcontext()

    def backward(self, step, loss):
        try:
            loss.backward()
            return True
        except RuntimeError as err:
            if "nan" not in str(err).lower():
                raise
            forward_site = loss.grad_fn.metadata.get("traceback_", [])
            self.incidents.append({
                "step": step,
                "error": str(err).splitlines()[0],
                "loss_node": loss.grad_fn.name(),
                "forward_site": forward_site[-2:] if forward_site else [],
            })
            return False


def main():
    cfg = CONFIG
    torch.manual_seed(0)
    model = GaussianHead(cfg["in_dim"], cfg["hidden"])
    opt = torch.optim.Adam(model.parameters(), lr=cfg["lr"])
    guard = NanGuard(cfg["debug_steps"])
    for step in range(cfg["steps"]):
        x = torch.randn(cfg["batch"], cfg["in_dim"])
        y = x[:, :1] * 2 + 0.3 * torch.randn(cfg["batch"], 1)
        opt.zero_grad(set_to_none=True)
        with guard.context(step):
            mean, raw_var = model(x)
            var = raw_var if step < 2 else nn.functional.softplus(raw_var) + 1e-4
            loss = gaussian_nll(mean, var, y)
            ok = guard.backward(step, loss)
        if ok:
            opt.step()
    for inc in guard.incidents:
        print(f"step {inc['step']}: {inc['loss_node']}: {inc['error']}")


if __name__ == "__main__":
    main()
