"""Two-tower regressor used by the anomaly-aware trainer."""
import torch
import torch.nn as nn

import provenance


class TwoTower(nn.Module):
    def __init__(self, dim_a, dim_b, hidden):
        super().__init__()
        self.tower_a = nn.Sequential(nn.Linear(dim_a, hidden), nn.ReLU())
        self.tower_b = nn.Sequential(nn.Linear(dim_b, hidden), nn.ReLU())
        self.head = nn.Linear(hidden, 1)

    def forward(self, a, b):
        za = provenance.tag(self.tower_a(a), "tower_a")
        zb = provenance.tag(self.tower_b(b), "tower_b")
        score = provenance.tag(self.head(torch.log1p(za) * zb), "head")
        return score.squeeze(-1)
