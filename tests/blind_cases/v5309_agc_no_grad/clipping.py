"""Adaptive gradient clipping (AGC) with unit-wise norms, plus a clipping report."""
from dataclasses import dataclass

import torch


@dataclass
class ClipReport:
    units: int = 0
    clipped: int = 0
    max_ratio: float = 0.0

    @property
    def fraction(self):
        return self.clipped / max(1, self.units)


def unitwise_norm(x):
    if x.ndim <= 1:
        return x.norm(p=2)
    return x.norm(p=2, dim=tuple(range(1, x.ndim)), keepdim=True)


@torch.no_grad()
def adaptive_clip_grad_(parameters, clip_factor=0.02, eps=1e-3):
    report = ClipReport()
    for p in parameters:
        if p.grad is None:
            continue
        max_norm = unitwise_norm(p).clamp(min=eps) * clip_factor
        grad_norm = unitwise_norm(p.grad).clamp(min=1e-6)
        ratio = grad_norm / max_norm
        trigger = ratio > 1.0
        report.units += trigger.numel()
        report.clipped += int(trigger.sum())
        report.max_ratio = max(report.max_ratio, float(ratio.max()))
        p.grad.copy_(torch.where(trigger, p.grad / ratio, p.grad))
    return report
