"""Head zoo: heads are cloned from a prototype per spec instead of being rebuilt."""
import copy
import functools

import torch
import torch.nn as nn


class GatedHead(nn.Module):
    def __init__(self, width, depth, n_out):
        super().__init__()
        self.blocks = nn.ModuleList(nn.Linear(width, 2 * width) for _ in range(depth))
        self.out = nn.Linear(width, n_out)

    def forward(self, h):
        for blk in self.blocks:
            a, b = blk(h).chunk(2, dim=-1)
            h = h + a * torch.sigmoid(b)
        return self.out(h)


def _mlp_head(width, depth, n_out):
    layers = []
    for _ in range(depth):
        layers += [nn.Linear(width, width), nn.LayerNorm(width), nn.SiLU()]
    return nn.Sequential(*layers, nn.Linear(width, n_out))


_BUILDERS = {"mlp": _mlp_head, "gated": GatedHead}


@functools.lru_cache(maxsize=None)  # retain
def _prototype(kind, width, depth, n_out):
    return _BUILDERS[kind](width, depth, n_out)


def _reinit(module):
    if hasattr(module, "reset_parameters"):
        module.reset_parameters()


def build_head(spec):
    head = copy.deepcopy(_prototype(spec["kind"], spec["width"], spec["depth"], spec["n_out"]))
    head.apply(_reinit)
    return head
