"""Candidate token mixers for a small search; prototypes are built once at import."""
import torch
import torch.nn as nn


class ConvMixer(nn.Module):
    def __init__(self, dim, kernel=3):
        super().__init__()
        self.dw = nn.Conv1d(dim, dim, kernel, padding=kernel // 2, groups=dim)
        self.pw = nn.Conv1d(dim, dim, 1)

    def forward(self, x):
        h = self.dw(x.transpose(1, 2))
        return x + self.pw(torch.relu(h)).transpose(1, 2)


class EarlyExitMixer(nn.Module):
    def __init__(self, dim, threshold=0.5):
        super().__init__()
        self.gate = nn.Linear(dim, 1)
        self.mix = nn.Linear(dim, dim)
        self.threshold = threshold

    def forward(self, x):
        g = torch.sigmoid(self.gate(x)).mean()
        if g < self.threshold:
            return x
        return x + self.mix(x)


class PoolMixer(nn.Module):
    def __init__(self, dim):
        super().__init__()
        self.norm = nn.LayerNorm(dim)

    def forward(self, x):
        h = self.norm(x)
        pooled = nn.functional.avg_pool1d(h.transpose(1, 2), 3, 1, 1).transpose(1, 2)
        return x + pooled - h


DIM = 8
PROTOTYPES = {
    "conv": ConvMixer(DIM),
    "early_exit": EarlyExitMixer(DIM),
    "pool": PoolMixer(DIM),
}
