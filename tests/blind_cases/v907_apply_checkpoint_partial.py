"""Turns on activation checkpointing for every transformer-style block via model.apply."""
import functools

import torch
import torch.nn as nn
from torch.utils.checkpoint import checkpoint


class FeedForwardBlock(nn.Module):
    def __init__(self, dim, hidden):
        super().__init__()
        self.norm = nn.LayerNorm(dim)
        self.fc1 = nn.Linear(dim, hidden)
        self.fc2 = nn.Linear(hidden, dim)
        self.ckpt_forward = None

    def _forward_impl(self, x):
        return x + self.fc2(nn.functional.gelu(self.fc1(self.norm(x))))

    def forward(self, x):
        if self.ckpt_forward is not None and self.training:
            return self.ckpt_forward(x)
        return self._forward_impl(x)


class TokenMLP(nn.Module):
    def __init__(self, vocab=50, dim=16, depth=3):
        super().__init__()
        self.embed = nn.Embedding(vocab, dim)
        self.blocks = nn.Sequential(*[FeedForwardBlock(dim, 4 * dim) for _ in range(depth)])
        self.out = nn.Linear(dim, vocab)

    def forward(self, tokens):
        return self.out(self.blocks(self.embed(tokens)))


def enable_activation_checkpointing(model, block_types=(FeedForwardBlock,), preserve_rng=False):
    n_wrapped = 0

    def _wrap(module):
        nonlocal n_wrapped
        if isinstance(module, block_types):
            module.ckpt_forward = functools.partial(checkpoint, module._forward_impl, preserve_rng_state=preserve_rng)  # cycle
            n_wrapped += 1

    model.apply(_wrap)
    return n_wrapped


def main():
    torch.manual_seed(0)
    for trial in range(2):
        model = TokenMLP()
        print("checkpointed blocks:", enable_activation_checkpointing(model))
        opt = torch.optim.Adam(model.parameters(), lr=1e-3)
        for _ in range(3):
            tokens = torch.randint(0, 50, (4, 12))
            logits = model(tokens[:, :-1])
            loss = nn.functional.cross_entropy(logits.reshape(-1, 50), tokens[:, 1:].reshape(-1))
            opt.zero_grad()
            loss.backward()
            opt.step()


if __name__ == "__main__":
    main()
