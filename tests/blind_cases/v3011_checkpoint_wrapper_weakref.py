"""Activation checkpointing applied by patching each block's forward (fairscale checkpoint_wrapper)."""
import functools
import weakref

import torch
import torch.nn as nn
import torch.nn.functional as F
from torch.utils.checkpoint import checkpoint


def _checkpointed_forward(original_forward, weak_self, preserve_rng_state, *args, **kwargs):
    module = weak_self()
    if module is None:
        raise RuntimeError("checkpointed module was garbage collected")
    if not (torch.is_grad_enabled() and module.training):
        return original_forward(module, *args, **kwargs)
    bound = functools.partial(original_forward, module)
    return checkpoint(bound, *args, use_reentrant=False, preserve_rng_state=preserve_rng_state, **kwargs)


def checkpoint_wrapper(module, preserve_rng_state=True):
    module.forward = functools.partial(
        _checkpointed_forward, type(module).forward, weakref.ref(module), preserve_rng_state)
    return module


class MLPBlock(nn.Module):
    def __init__(self, dim, expansion=4, dropout=0.0):
        super().__init__()
        self.norm = nn.LayerNorm(dim)
        self.fc1 = nn.Linear(dim, expansion * dim)
        self.fc2 = nn.Linear(expansion * dim, dim)
        self.dropout = nn.Dropout(dropout)

    def forward(self, x):
        return x + self.dropout(self.fc2(F.gelu(self.fc1(self.norm(x)))))


class DeepMLP(nn.Module):
    def __init__(self, dim=32, depth=4, num_classes=5, checkpoint_every=2):
        super().__init__()
        self.embed = nn.Linear(16, dim)
        self.blocks = nn.ModuleList(MLPBlock(dim) for _ in range(depth))
        for i, block in enumerate(self.blocks):
            if i % checkpoint_every == 0:
                checkpoint_wrapper(block)
        self.head = nn.Linear(dim, num_classes)

    def forward(self, x):
        x = self.embed(x)
        for block in self.blocks:
            x = block(x)
        return self.head(x)


def run(config):
    model = DeepMLP(**config)
    opt = torch.optim.AdamW(model.parameters(), lr=1e-3)
    for _ in range(3):
        x, y = torch.randn(8, 16), torch.randint(0, 5, (8,))
        loss = F.cross_entropy(model(x), y)
        opt.zero_grad()
        loss.backward()
        opt.step()
    model.eval()
    with torch.no_grad():
        val = F.cross_entropy(model(torch.randn(8, 16)), torch.randint(0, 5, (8,))).item()
    return val


def main():
    for config in ({"depth": 4, "checkpoint_every": 2}, {"depth": 3, "checkpoint_every": 1}):
        run(config)


if __name__ == "__main__":
    main()
