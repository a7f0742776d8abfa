"""Low-rank adapters for fine-tuning frozen Linear layers."""
import torch.nn as nn
from torch.nn.utils import spectral_norm
from torch.utils.checkpoint import checkpoint


class LowRankAdapter(nn.Module):
    def __init__(self, base: nn.Linear, rank=4, alpha=8.0):
        super().__init__()
        self.base = base
        self.down = nn.Linear(base.in_features, rank, bias=False)
        self.up = spectral_norm(nn.Linear(rank, base.out_features, bias=False))
        self.scale = alpha / rank

    def _delta(self, x):
        return self.scale * self.up(self.down(x))

    def forward(self, x):
        return self.base(x) + checkpoint(self._delta, x, use_reentrant=False)
