"""Candidate classification heads and a helper that plugs them into the session optimizer."""
import contextlib

import torch.nn as nn

HEAD_BUILDERS = {}


def register_head(name):
    def deco(fn):
        HEAD_BUILDERS[name] = fn
        return fn
    return deco


@register_head("linear")
def linear_head(dim, classes):
    return nn.Linear(dim, classes)


@register_head("mlp")
def mlp_head(dim, classes, hidden=64):
    return nn.Sequential(nn.Linear(dim, hidden), nn.ReLU(), nn.Linear(hidden, classes))


@register_head("bottleneck")
def bottleneck_head(dim, classes):
    return nn.Sequential(nn.Linear(dim, 8), nn.LayerNorm(8), nn.Linear(8, classes))


@contextlib.contextmanager
def attached(optimizer, head, lr):
    optimizer.add_param_group({"params": list(head.parameters()), "lr": lr})
    try:
        yield optimizer.param_groups[-1]
    finally:
        optimizer.param_groups.pop()
