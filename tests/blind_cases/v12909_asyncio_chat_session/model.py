"""Tiny decoder-only LM with an incremental KV cache."""
import math

import torch
import torch.nn as nn


class TinyDecoder(nn.Module):
    def __init__(self, vocab=48, dim=32, heads=4):
        super().__init__()
        self.heads = heads
        self.embed = nn.Embedding(vocab, dim)
        self.qkv = nn.Linear(dim, 3 * dim)
        self.out = nn.Linear(dim, dim)
        self.ff = nn.Sequential(nn.Linear(dim, 2 * dim), nn.GELU(), nn.Linear(2 * dim, dim))
        self.lm_head = nn.Linear(dim, vocab, bias=False)

    def forward(self, ids, past=None):
        x = self.embed(ids)
        b, t, d = x.shape
        q, k, v = self.qkv(x).view(b, t, 3, self.heads, -1).permute(2, 0, 3, 1, 4)
        if past is not None:
            k, v = torch.cat([past[0], k], 2), torch.cat([past[1], v], 2)
        att = q @ k.transpose(-2, -1) / math.sqrt(q.size(-1))
        if t > 1:
            mask = torch.ones(t, k.size(2), dtype=torch.bool).tril(k.size(2) - t)
            att = att.masked_fill(~mask, float("-inf"))
        x = x + self.out((att.softmax(-1) @ v).transpose(1, 2).reshape(b, t, d))
        x = x + self.ff(x)
        return self.lm_head(x), (k, v)
