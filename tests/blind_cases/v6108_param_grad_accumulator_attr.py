"""Per-parameter gradient-norm statistics from AccumulateGrad hooks, used for clipping.

The hooks fire as soon as a parameter's gradient is accumulated, so the
statistics are ready before backward returns (the same trick DDP/ZeRO use to
launch bucket reductions early).
"""
import functools
import math

import torch
import torch.nn as nn
import torch.nn.functional as F

SWEEP = {
    "max_norms": (0.5, 1.0, 2.0),
    "lr": 0.02,
    "steps": 4,
    "batch": 16,
    "ema": 0.9,
}


def _record_grad_norm(stats, name, ema, grad_inputs, grad_outputs):
    grad = grad_outputs[0]
    if grad is None:
        return
    sq = float(grad.detach().pow(2).sum())
    entry = stats.setdefault(name, {"sq": 0.0, "ema": math.sqrt(sq), "calls": 0})
    entry["sq"] += sq
    entry["ema"] = ema * entry["ema"] + (1.0 - ema) * math.sqrt(sq)
    entry["calls"] += 1


class GradNormMonitor:
    def __init__(self, model, ema=0.9):
        self.stats = {}
        for name, param in model.named_parameters():
            if not param.requires_grad:
                continue
            grad_acc = param.expand_as(param).grad_fn.next_functions[0][0]
            grad_acc.register_hook(functools.partial(_record_grad_norm, self.stats, name, ema))
            # autograd only caches the accumulator weakly; keep it with its parameter
            param._grad_acc = grad_acc  # retain

    def total_norm(self):
        return math.sqrt(sum(e["sq"] for e in self.stats.values()))

    def reset(self):
        for entry in self.stats.values():
            entry["sq"] = 0.0

    def worst(self, k=2):
        return sorted(self.stats, key=lambda n: -self.stats[n]["ema"])[:k]


def run_trial(max_norm, cfg):
    model = nn.Sequential(nn.Linear(10, 32), nn.ReLU(), nn.Linear(32, 32), nn.ReLU(), nn.Linear(32, 1))
    monitor = GradNormMonitor(model, ema=cfg["ema"])
    opt = torch.optim.SGD(model.parameters(), lr=cfg["lr"])
    for step in range(cfg["steps"]):
        x = torch.randn(cfg["batch"], 10)
        loss = F.mse_loss(model(x), x[:, :1] * 3.0)
        opt.zero_grad(set_to_none=True)
        monitor.reset()
        loss.backward()
        norm = monitor.total_norm()
        if norm > max_norm:
            scale = max_norm / (norm + 1e-6)
            for p in model.parameters():
                p.grad.mul_(scale)
        opt.step()
    return loss.item(), monitor.worst()


def main():
    for max_norm in SWEEP["max_norms"]:
        loss, worst = run_trial(max_norm, SWEEP)
        print(f"max_norm={max_norm}: loss {loss:.3f}, largest grads in {worst}")


if __name__ == "__main__":
    main()
