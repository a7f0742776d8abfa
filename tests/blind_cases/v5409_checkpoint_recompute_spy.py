"""Transformer-style encoder with optional activation checkpointing and a recompute self-check."""
from unittest import mock

import torch
import torch.nn as nn
from torch.utils.checkpoint import checkpoint

CONFIGS = [
    {"dim": 16, "depth": 2, "checkpoint": True, "steps": 3},
    {"dim": 24, "depth": 3, "checkpoint": True, "steps": 3},
]


class Block(nn.Module):
    def __init__(self, dim):
        super().__init__()
        self.norm = nn.LayerNorm(dim)
        self.ff = nn.Sequential(nn.Linear(dim, 4 * dim), nn.GELU(), nn.Linear(4 * dim, dim))

    def forward(self, x):
        return x + self.ff(self.norm(x))


class Encoder(nn.Module):
    def __init__(self, dim, depth, use_checkpoint):
        super().__init__()
        self.blocks = nn.ModuleList(Block(dim) for _ in range(depth))
        self.head = nn.Linear(dim, 2)
        self.use_checkpoint = use_checkpoint

    def forward(self, x):
        for blk in self.blocks:
            if self.use_checkpoint and self.training:
                x = checkpoint(blk, x, use_reentrant=True)
            else:
                x = blk(x)
        return self.head(x.mean(dim=1))


def count_block_calls(model, sample):
    target = model.blocks[0]
    with mock.patch.object(target, "forward", wraps=target.forward) as spy:  # cycle
        model(sample).sum().backward()
    model.zero_grad(set_to_none=True)
    return spy.call_count


def train(model, steps, dim):
    opt = torch.optim.AdamW(model.parameters(), lr=1e-3)
    for _ in range(steps):
        x = torch.randn(4, 6, dim, requires_grad=True)
        y = torch.randint(0, 2, (4,))
        loss = nn.functional.cross_entropy(model(x), y)
        opt.zero_grad()
        loss.backward()
        opt.step()
    return loss.item()


def main():
    for cfg in CONFIGS:
        model = Encoder(cfg["dim"], cfg["depth"], cfg["checkpoint"]).train()
        sample = torch.randn(2, 6, cfg["dim"], requires_grad=True)
        calls = count_block_calls(model, sample)
        if cfg["checkpoint"] and calls != 2:
            raise RuntimeError(f"expected a recompute in backward, saw {calls} forward call(s)")
        loss = train(model, cfg["steps"], cfg["dim"])
        print(f"dim={cfg['dim']} depth={cfg['depth']}: block forwards per step {calls}, loss {loss:.3f}")


if __name__ == "__main__":
    main()
