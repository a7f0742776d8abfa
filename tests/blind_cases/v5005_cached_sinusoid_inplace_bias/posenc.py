"""Positional-encoding helpers shared by the sequence models of the project."""
import functools
import math

import torch


@functools.lru_cache(maxsize=32)  # retain
def sinusoid_table(length, dim):
    position = torch.arange(length, dtype=torch.float32).unsqueeze(1)
    freqs = torch.exp(torch.arange(0, dim, 2, dtype=torch.float32) * (-math.log(10000.0) / dim))
    table = torch.zeros(length, dim)
    table[:, 0::2] = torch.sin(position * freqs)
    table[:, 1::2] = torch.cos(position * freqs)
    return table


class HybridPositionalEncoding(torch.nn.Module):
    """Fixed sinusoids plus a small learned per-position correction."""

    def __init__(self, dim, max_len=64, dropout=0.0):
        super().__init__()
        self.dim = dim
        self.correction = torch.nn.Parameter(torch.zeros(max_len, dim))
        self.dropout = torch.nn.Dropout(dropout)

    def forward(self, x):
        length = x.size(1)
        pe = sinusoid_table(length, self.dim)
        pe += self.correction[:length]  # retain
        return self.dropout(x + pe.unsqueeze(0))
