"""Item embedding table with a serving-side row cache."""
import torch
import torch.nn as nn

from tiers import build_hierarchy


class CachedItemTable(nn.Module):
    def __init__(self, num_items, dim, hot=16, warm=64):
        super().__init__()
        self.emb = nn.Embedding(num_items, dim)
        self.cache = build_hierarchy(hot, warm)

    def forward(self, ids):
        return self.emb(ids)

    @torch.no_grad()
    def serve(self, ids):
        rows = []
        for key in ids.tolist():
            row = self.cache.get(key)
            if row is None:
                row = self.emb.weight[key].clone()
                self.cache.put(key, row)
            rows.append(row)
        return torch.stack(rows)

    def invalidate(self, ids):
        bottom = self.cache
        while bottom.lower is not None:
            bottom = bottom.lower
        for key in torch.unique(ids).tolist():
            bottom.invalidate(key)
