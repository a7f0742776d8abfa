"""Rolling-origin splits over a synthetic load curve."""
import math

import torch


def load_curve(n_hours, seed=0):
    g = torch.Generator().manual_seed(seed)
    t = torch.arange(n_hours, dtype=torch.float32)
    daily = torch.sin(2 * math.pi * t / 24)
    weekly = 0.3 * torch.sin(2 * math.pi * t / 168)
    return 1.0 + daily + weekly + 0.05 * torch.randn(n_hours, generator=g)


class RollingOrigin:
    """Expanding-window backtest: train on [0, cut), validate on the next block."""

    def __init__(self, series, context, horizon, folds, val_block):
        self.series, self.context, self.horizon = series, context, horizon
        self.folds, self.val_block = folds, val_block

    def windows(self, start, stop):
        seg = self.series[start:stop]
        w = seg.unfold(0, self.context + self.horizon, self.horizon)
        return w[:, : self.context, None], w[:, self.context:, None]

    def __iter__(self):
        n = len(self.series)
        for k in range(self.folds):
            cut = n - (self.folds - k) * self.val_block
            yield k, self.windows(0, cut), self.windows(cut - self.context, cut + self.val_block)
