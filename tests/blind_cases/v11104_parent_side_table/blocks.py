"""Residual MLP stages whose blocks ask their stage for a depth-dependent drop rate."""
import torch
import torch.nn as nn

from ownership import adopt, parent_of


class DropPathBlock(nn.Module):
    def __init__(self, dim):
        super().__init__()
        self.norm = nn.LayerNorm(dim)
        self.fc = nn.Sequential(nn.Linear(dim, 2 * dim), nn.GELU(), nn.Linear(2 * dim, dim))

    def forward(self, x):
        rate = parent_of(self).drop_rate_for(self) if self.training else 0.0
        if rate > 0.0:
            keep = (torch.rand(x.shape[0], 1) > rate).float() / (1.0 - rate)
            return x + self.fc(self.norm(x)) * keep
        return x + self.fc(self.norm(x))


class Stage(nn.Module):
    def __init__(self, dim, depth, max_rate):
        super().__init__()
        self.max_rate = max_rate
        self.order = []
        for i in range(depth):
            self.order.append(adopt(self, "block%d" % i, DropPathBlock(dim)))

    def drop_rate_for(self, block):
        idx = self.order.index(block)
        return self.max_rate * idx / max(1, len(self.order) - 1)

    def forward(self, x):
        for blk in self.order:
            x = blk(x)
        return x
