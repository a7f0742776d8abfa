"""Learned 2-D positional bias, memoised per feature-map resolution."""
import torch
import torch.nn as nn

_GRAPH_CACHE = {}


class LearnedPosBias(nn.Module):
    def __init__(self, channels):
        super().__init__()
        self.mlp = nn.Sequential(nn.Linear(2, 16), nn.ReLU(), nn.Linear(16, channels))

    def _compute(self, h, w):
        ys, xs = torch.meshgrid(torch.linspace(-1, 1, h), torch.linspace(-1, 1, w), indexing="ij")
        coords = torch.stack([ys, xs], dim=-1)
        return self.mlp(coords).permute(2, 0, 1)

    def forward(self, feat):
        h, w = feat.shape[-2:]
        if self.training:
            return feat + self._compute(h, w)
        key = (h, w, feat.shape[1])
        if key not in _GRAPH_CACHE:
            out = self._compute(h, w)
            _GRAPH_CACHE[key] = out  # retain
        return feat + _GRAPH_CACHE[key]
