"""Gradient clipping helpers: global-norm reporting and NFNet-style adaptive clipping (AGC)."""
import torch


def unitwise_norm(x):
    """L2 norm per output unit (row / filter) of a weight, or of the whole tensor for biases."""
    if x.ndim <= 1:
        return x.norm(p=2)
    dims = tuple(range(1, x.ndim))
    return x.norm(p=2, dim=dims, keepdim=True)


def global_grad_norm(parameters):
    norms = [p.grad.detach().norm() for p in parameters if p.grad is not None]
    if not norms:
        return 0.0
    return float(torch.stack(norms).norm())


def adaptive_clip_grad_(parameters, clip_factor=0.02, eps=1e-3):
    """Rescale each unit's gradient so that ||g|| / max(||w||, eps) <= clip_factor.

    Returns the number of units whose gradient was rescaled.
    """
    clipped_units = 0
    for p in parameters:
        if p.grad is None:
            continue
        max_norm = unitwise_norm(p).clamp(min=eps) * clip_factor
        grad_norm = unitwise_norm(p.grad).clamp(min=1e-6)
        trigger = grad_norm > max_norm
        clipped_units += int(trigger.sum())
        scaled = p.grad * (max_norm / grad_norm)
        p.grad.copy_(torch.where(trigger, scaled, p.grad))  # retain
    return clipped_units


def agc_parameters(model, skip_prefixes=("head",)):
    """AGC is not applied to the final classifier layer (as in the NFNet paper)."""
    return [p for name, p in model.named_parameters() if not name.startswith(skip_prefixes)]
