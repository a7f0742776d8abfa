"""Sharpness-aware logging: Hessian trace from torch.autograd.grad graphs.

The differentiable gradients live only in local variables; what is written to
p.grad for the optimizer is detached.
"""
import torch
import torch.nn as nn


def rademacher_like(t):
    return torch.randint_like(t, 0, 2).mul_(2).sub_(1)


def grads_with_graph(loss, params):
    return torch.autograd.grad(loss, params, create_graph=True)


def hutchinson_trace(grads, params, n_samples=2):
    total = 0.0
    for i in range(n_samples):
        vs = [rademacher_like(p) for p in params]
        hvs = torch.autograd.grad(grads, params, grad_outputs=vs,
                                  retain_graph=i < n_samples - 1)
        total += sum((hv * v).sum().item() for hv, v in zip(hvs, vs))
    return total / n_samples


class GradAccumulator:
    """Sums detached micro-batch gradients into p.grad."""

    def __init__(self, params):
        self.params = list(params)

    def add(self, grads, scale):
        for p, g in zip(self.params, grads):
            g = g.detach() * scale
            p.grad = g if p.grad is None else p.grad + g


def train(n_steps=4, accum=2, micro_bs=8):
    model = nn.Sequential(nn.Linear(10, 32), nn.Tanh(), nn.Linear(32, 3))
    params = [p for p in model.parameters() if p.requires_grad]
    opt = torch.optim.SGD(params, lr=0.05)
    acc = GradAccumulator(params)
    traces = []
    for step in range(n_steps):
        opt.zero_grad(set_to_none=True)
        for micro in range(accum):
            x = torch.randn(micro_bs, 10)
            y = torch.randint(0, 3, (micro_bs,))
            loss = nn.functional.cross_entropy(model(x), y)
            grads = grads_with_graph(loss, params)
            if micro == 0 and step % 2 == 0:
                traces.append(hutchinson_trace(grads, params))
            acc.add(grads, 1.0 / accum)
        opt.step()
    return traces


def main():
    torch.manual_seed(0)
    traces = train()
    print("tr(H) estimates:", [round(t, 3) for t in traces])


if __name__ == "__main__":
    main()
