"""Fine-tuning regularizers, built by name from the experiment config."""
import functools
from typing import Callable, Dict

import torch

_REGULARIZERS: Dict[str, Callable] = {}


def register(name):
    def deco(factory):
        _REGULARIZERS[name] = factory
        return factory
    return deco


def l2sp_penalty(module, anchors, alpha, beta):
    """L2-SP: pull pre-trained weights towards their starting point, decay new ones to zero."""
    sp, fresh = 0.0, 0.0
    for name, p in module.named_parameters():
        if not p.requires_grad:
            continue
        if name in anchors:
            sp = sp + (p - anchors[name]).pow(2).sum()
        else:
            fresh = fresh + p.pow(2).sum()
    return 0.5 * alpha * sp + 0.5 * beta * fresh


@register("l2sp")
def build_l2sp(module, alpha=1e-2, beta=1e-4, prefix="backbone."):
    anchors = {n: p.detach().clone() for n, p in module.named_parameters() if n.startswith(prefix)}
    return functools.partial(l2sp_penalty, module=module, anchors=anchors, alpha=alpha, beta=beta)  # cycle


@register("none")
def build_none(module, **unused):
    return lambda: torch.zeros(())


def build_regularizer(cfg, module):
    cfg = dict(cfg)
    return _REGULARIZERS[cfg.pop("type")](module, **cfg)
