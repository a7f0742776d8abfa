"""Task heads; the tied head reuses a normalisation layer owned by the backbone."""
import torch.nn as nn

from registry import HEADS


@HEADS.register("linear")
class LinearHead(nn.Module):
    def __init__(self, in_dim, out_dim):
        super().__init__()
        self.fc = nn.Linear(in_dim, out_dim)

    def forward(self, h):
        return self.fc(h)


@HEADS.register("mlp")
class MLPHead(nn.Module):
    def __init__(self, in_dim, out_dim, hidden=32):
        super().__init__()
        self.net = nn.Sequential(nn.Linear(in_dim, hidden), nn.GELU(), nn.Linear(hidden, out_dim))

    def forward(self, h):
        return self.net(h)


class TiedNormHead(nn.Module):
    def __init__(self, in_dim, out_dim, norm):
        super().__init__()
        self.norm = norm
        self.fc = nn.Linear(in_dim, out_dim)

    def forward(self, h):
        return self.fc(self.norm(h))
