"""Tiny causal decoder with an incremental (cached) forward."""
import torch.nn as nn

from kvcache import KVCache


class CachedSelfAttention(nn.Module):
    def __init__(self, dim, n_heads):
        super().__init__()
        self.n_heads, self.head_dim = n_heads, dim // n_heads
        self.qkv = nn.Linear(dim, 3 * dim)
        self.out = nn.Linear(dim, dim)

    def forward(self, x, layer_kv):
        b, t, d = x.shape
        q, k, v = self.qkv(x).view(b, t, 3, self.n_heads, self.head_dim).permute(2, 0, 3, 1, 4)
        k, v = layer_kv.extend(k, v)
        att = (q @ k.transpose(-1, -2)) / self.head_dim ** 0.5
        return self.out((att.softmax(-1) @ v).transpose(1, 2).reshape(b, t, d))


class IncrementalDecoder(nn.Module):
    def __init__(self, cfg):
        super().__init__()
        self.cfg = dict(cfg)
        self.n_layers = cfg["n_layers"]
        self.embed = nn.Embedding(cfg["vocab"], cfg["dim"])
        self.blocks = nn.ModuleList(CachedSelfAttention(cfg["dim"], cfg["heads"])
                                    for _ in range(self.n_layers))
        self.lm_head = nn.Linear(cfg["dim"], cfg["vocab"])

    def new_cache(self, batch):
        heads = self.cfg["heads"]
        return KVCache.empty(self.n_layers, batch, heads, self.cfg["dim"] // heads)

    def forward(self, ids, cache):
        h = self.embed(ids)
        for i, block in enumerate(self.blocks):
            h = h + block(h, cache[i])
        cache.seen_tokens += ids.shape[1]
        return self.lm_head(h[:, -1])
