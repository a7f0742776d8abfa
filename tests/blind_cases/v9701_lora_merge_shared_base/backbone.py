"""Pretrained encoder loaded once per worker process and shared by all tenants' adapters."""
import torch
import torch.nn as nn


class Block(nn.Module):
    def __init__(self, dim):
        super().__init__()
        self.q_proj = nn.Linear(dim, dim)
        self.v_proj = nn.Linear(dim, dim)
        self.ffn = nn.Sequential(nn.Linear(dim, 2 * dim), nn.GELU(), nn.Linear(2 * dim, dim))
        self.norm = nn.LayerNorm(dim)

    def project(self, name, x, adapter):
        out = getattr(self, name)(x)
        if adapter is not None and name in adapter:
            out = out + adapter[name](x)
        return out

    def forward(self, x, adapter=None):
        gate = torch.sigmoid(self.project("q_proj", x, adapter))
        h = gate * self.project("v_proj", x, adapter)
        return self.norm(x + self.ffn(h))


class Encoder(nn.Module):
    def __init__(self, dim=32, depth=2, num_classes=4):
        super().__init__()
        self.blocks = nn.ModuleList(Block(dim) for _ in range(depth))
        self.head = nn.Linear(dim, num_classes)

    def forward(self, x, adapters=None):
        for idx, block in enumerate(self.blocks):
            adapter = adapters[str(idx)] if adapters is not None and str(idx) in adapters else None
            x = block(x, adapter)
        return self.head(x.mean(dim=1))


torch.manual_seed(0)
PRETRAINED = Encoder()
PRETRAINED.requires_grad_(False)
