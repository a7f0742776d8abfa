"""Position embeddings selected by name from a registry."""
import abc
import math

import torch
import torch.nn as nn

from cache_utils import instance_lru_cache

POSITION_EMBEDDINGS = {}


def register(name):
    def deco(cls):
        POSITION_EMBEDDINGS[name] = cls
        return cls
    return deco


def build_position_embedding(cfg):
    args = dict(cfg)
    return POSITION_EMBEDDINGS[args.pop("type")](**args)


class PositionEmbedding(nn.Module, abc.ABC):
    def __init__(self, dim):
        super().__init__()
        self.dim = dim

    @abc.abstractmethod
    def grid(self, height, width):
        ...

    def forward(self, feats):
        b, c, h, w = feats.shape
        return feats + self.grid(h, w).to(feats.dtype).permute(2, 0, 1).unsqueeze(0)


@register("sine")
class SinePositionEmbedding(PositionEmbedding):
    def __init__(self, dim, temperature=10000.0):
        super().__init__(dim)
        self.register_buffer("inv_freq", temperature ** (-torch.arange(0, dim // 2, 2).float() / (dim // 2)))

    @instance_lru_cache(maxsize=8)
    def grid(self, height, width):
        ys = torch.arange(height, dtype=torch.float32).unsqueeze(1) / max(height - 1, 1) * 2 * math.pi
        xs = torch.arange(width, dtype=torch.float32).unsqueeze(1) / max(width - 1, 1) * 2 * math.pi
        ey = torch.cat([(ys * self.inv_freq).sin(), (ys * self.inv_freq).cos()], dim=1)
        ex = torch.cat([(xs * self.inv_freq).sin(), (xs * self.inv_freq).cos()], dim=1)
        return torch.cat([ey[:, None, :].expand(-1, width, -1), ex[None, :, :].expand(height, -1, -1)], dim=2)
