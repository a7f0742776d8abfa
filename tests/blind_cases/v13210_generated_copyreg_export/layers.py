"""Target-network layers whose weights are written by a hypernetwork."""
import torch.nn as nn
import torch.nn.functional as F


class GeneratedLinear(nn.Module):
    """Linear layer without parameters of its own; ``weight`` and ``bias`` are
    plain tensor attributes assigned by the hypernetwork before each call."""

    def __init__(self, index, in_features, out_features):
        super().__init__()
        self.index = index
        self.in_features = in_features
        self.out_features = out_features
        self.weight = None
        self.bias = None

    def forward(self, x):
        return F.linear(x, self.weight, self.bias)


def rebuild_linear(in_features, out_features, weight, bias):
    layer = nn.Linear(in_features, out_features)
    layer.weight.data.copy_(weight)
    layer.bias.data.copy_(bias)
    return layer
