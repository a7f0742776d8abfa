"""Curvature diagnostics (Hutchinson estimate of the Hessian trace).

Used to track sharpness during training, as in PyHessian / AdaHessian.
"""
import torch


def rademacher_like(t):
    return torch.randint_like(t, 0, 2).mul_(2).sub_(1)


def backward_for_curvature(loss, scale=1.0):
    """Backpropagates `loss` and keeps the graph of the gradients, so that
    Hessian-vector products can be taken from `p.grad` afterwards."""
    (loss * scale).backward(create_graph=True)  # retain


def hutchinson_trace(params, n_samples=2):
    """E_v[v^T H v] with Rademacher v, using the differentiable grads in p.grad."""
    params = [p for p in params if p.grad is not None and p.grad.requires_grad]
    grads = [p.grad for p in params]
    estimates = []
    for _ in range(n_samples):
        vs = [rademacher_like(p) for p in params]
        hvs = torch.autograd.grad(grads, params, grad_outputs=vs, retain_graph=True)
        estimates.append(sum((hv * v).sum().item() for hv, v in zip(hvs, vs)))
    return sum(estimates) / len(estimates)
