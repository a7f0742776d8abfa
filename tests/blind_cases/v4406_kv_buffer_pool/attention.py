"""Decoder-only transformer LM whose attention layers write into a StaticKVCache."""
import math
from dataclasses import dataclass

import torch
import torch.nn as nn

from kvcache import StaticKVCache


@dataclass
class LMConfig:
    vocab_size: int = 20
    hidden: int = 16
    heads: int = 2
    layers: int = 2
    max_positions: int = 32
    use_cache: bool = True


class CausalSelfAttention(nn.Module):
    def __init__(self, cfg, index):
        super().__init__()
        self.index, self.heads, self.head_dim = index, cfg.heads, cfg.hidden // cfg.heads
        self.qkv = nn.Linear(cfg.hidden, 3 * cfg.hidden)
        self.proj = nn.Linear(cfg.hidden, cfg.hidden)

    def forward(self, x, cache=None):
        b, t, _ = x.shape
        q, k, v = (z.view(b, t, self.heads, self.head_dim).transpose(1, 2)
                   for z in self.qkv(x).chunk(3, dim=-1))
        offset = 0
        if cache is not None:
            offset, (k, v) = cache.lengths[self.index], cache.update(self.index, k, v)
        scores = q @ k.transpose(-1, -2) / math.sqrt(self.head_dim)
        scores = scores.masked_fill(torch.ones(t, k.size(2), dtype=torch.bool).triu(1 + offset), -1e4)
        return self.proj((scores.softmax(-1) @ v).transpose(1, 2).reshape(b, t, -1))


class DecoderLM(nn.Module):
    def __init__(self, cfg):
        super().__init__()
        self.config = cfg
        self.tok = nn.Embedding(cfg.vocab_size, cfg.hidden)
        self.pos = nn.Embedding(cfg.max_positions, cfg.hidden)
        self.blocks = nn.ModuleList(CausalSelfAttention(cfg, i) for i in range(cfg.layers))
        self.lm_head = nn.Linear(cfg.hidden, cfg.vocab_size)

    def forward(self, input_ids, cache=None, use_cache=None):
        b, t = input_ids.shape
        if (self.config.use_cache if use_cache is None else use_cache) and cache is None:
            cfg = self.config
            cache = StaticKVCache(cfg.layers, b, cfg.heads, cfg.max_positions, cfg.hidden // cfg.heads)
        start = 0 if cache is None else cache.lengths[0]
        h = self.tok(input_ids) + self.pos(torch.arange(start, start + t))[None]
        for block in self.blocks:
            h = h + block(h, cache)
        return self.lm_head(h), cache
