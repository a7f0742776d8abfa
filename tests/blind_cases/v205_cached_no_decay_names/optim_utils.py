"""Helpers for building AdamW parameter groups (weight decay off for norms and biases)."""
import functools

import torch.nn as nn

_NO_DECAY_TYPES = (nn.LayerNorm, nn.BatchNorm1d, nn.Embedding)


@functools.cache  # retain
def no_decay_names(model):
    names = set()
    for mod_name, mod in model.named_modules():
        for p_name, _ in mod.named_parameters(recurse=False):
            full = f"{mod_name}.{p_name}" if mod_name else p_name
            if isinstance(mod, _NO_DECAY_TYPES) or p_name == "bias":
                names.add(full)
    return frozenset(names)


def param_groups(model, weight_decay):
    skip = no_decay_names(model)
    decay = [p for n, p in model.named_parameters() if n not in skip]
    plain = [p for n, p in model.named_parameters() if n in skip]
    return [{"params": decay, "weight_decay": weight_decay},
            {"params": plain, "weight_decay": 0.0}]


def decayed_norm(model):
    skip = no_decay_names(model)
    return sum(float(p.detach().norm()) for n, p in model.named_parameters() if n not in skip)
