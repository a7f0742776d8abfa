"""DARTS-style search space: candidate operations are built from compact spec strings."""
import functools
import re

import torch.nn as nn

PRIMITIVES = ("none", "skip", "lin_relu", "lin_tanh", "bottleneck")
_SPEC = re.compile(r"(?P<kind>[a-z_]+)(?::(?P<width>\d+))?")


class Zero(nn.Module):
    def forward(self, x):
        return x * 0.0


def parse_spec(spec):
    m = _SPEC.fullmatch(spec)
    if m is None:
        raise ValueError(f"bad op spec {spec!r}")
    return m.group("kind"), int(m.group("width") or 0)


@functools.lru_cache(maxsize=None)  # retain
def make_op(spec):
    kind, width = parse_spec(spec)
    if kind == "none":
        return Zero()
    if kind == "skip":
        return nn.Identity()
    if kind == "lin_relu":
        return nn.Sequential(nn.Linear(width, width), nn.ReLU())
    if kind == "lin_tanh":
        return nn.Sequential(nn.Linear(width, width), nn.Tanh())
    if kind == "bottleneck":
        return nn.Sequential(nn.Linear(width, width // 4), nn.ReLU(), nn.Linear(width // 4, width))
    raise ValueError(f"unknown primitive {kind!r}")


def edge_specs(width):
    return [f"{p}:{width}" for p in PRIMITIVES]
