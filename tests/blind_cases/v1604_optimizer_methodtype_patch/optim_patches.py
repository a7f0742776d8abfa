"""Per-instance optimizer patches: clip-before-step and a zero_grad that drops gradients."""
import types
from dataclasses import dataclass, field

import torch


@dataclass
class ClipState:
    max_norm: float
    norm_type: float = 2.0
    norms: list = field(default_factory=list)
    skipped: int = 0


def _clipped_step(self, closure=None):
    state = self._clip_state
    params = [p for group in self.param_groups for p in group["params"] if p.grad is not None]
    norm = float(torch.nn.utils.clip_grad_norm_(params, state.max_norm, state.norm_type))
    state.norms.append(norm)
    if norm != norm or norm == float("inf"):
        state.skipped += 1
        return None
    return type(self).step(self, closure)


def _zero_grad_to_none(self, set_to_none=True):
    for group in self.param_groups:
        for p in group["params"]:
            p.grad = None


_PATCHES = {"step": _clipped_step, "zero_grad": _zero_grad_to_none}


def prepare_optimizer(optimizer, max_norm=1.0, norm_type=2.0):
    if hasattr(optimizer, "_clip_state"):
        raise RuntimeError("optimizer has already been prepared")
    optimizer._clip_state = ClipState(max_norm, norm_type)
    for name, fn in _PATCHES.items():
        setattr(optimizer, name, types.MethodType(fn, optimizer))  # cycle
    return optimizer
