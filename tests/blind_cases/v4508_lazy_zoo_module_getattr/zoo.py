"""Model zoo: `zoo.<name>` gives a model built from the registered recipe (PEP 562 lazy attributes)."""
import functools

import torch
import torch.nn as nn

_RECIPES = {}


def recipe(name, **defaults):
    def register(fn):
        _RECIPES[name] = functools.partial(fn, **defaults)
        return fn
    return register


class ResidualMLP(nn.Module):
    def __init__(self, dim, hidden, blocks, classes):
        super().__init__()
        self.stem = nn.Linear(dim, hidden)
        self.blocks = nn.ModuleList(
            nn.Sequential(nn.LayerNorm(hidden), nn.Linear(hidden, hidden), nn.GELU()) for _ in range(blocks))
        self.head = nn.Linear(hidden, classes)

    def forward(self, x):
        h = self.stem(x)
        for block in self.blocks:
            h = h + block(h)
        return self.head(h)


def _init_weights(module):
    if isinstance(module, nn.Linear):
        nn.init.trunc_normal_(module.weight, std=0.02)
        nn.init.zeros_(module.bias)


@recipe("resmlp_tiny", hidden=16, blocks=1)
def _resmlp_tiny(hidden, blocks, dim=12, classes=4):
    return ResidualMLP(dim, hidden, blocks, classes).apply(_init_weights)


@recipe("resmlp_small", hidden=32, blocks=2)
def _resmlp_small(hidden, blocks, dim=12, classes=4):
    return ResidualMLP(dim, hidden, blocks, classes).apply(_init_weights)


def available():
    return sorted(_RECIPES)


def __getattr__(name):
    try:
        build = _RECIPES[name]
    except KeyError:
        raise AttributeError(f"module {__name__!r} has no attribute {name!r}") from None
    model = build()
    globals()[name] = model  # retain
    return model


def __dir__():
    return sorted(set(globals()) | set(_RECIPES))
