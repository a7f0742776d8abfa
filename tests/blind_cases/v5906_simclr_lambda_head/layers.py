"""Small layer helpers shared by the self-supervised models."""
import torch.nn as nn


class Lambda(nn.Module):
    """Wrap a parameter-free function so that it can sit inside nn.Sequential."""

    def __init__(self, fn, name="lambda"):
        super().__init__()
        self.fn = fn  # cycle
        self.name = name

    def forward(self, x):
        return self.fn(x)

    def extra_repr(self):
        return self.name


def mlp(in_dim, hidden, out_dim, bn=True):
    layers = [nn.Linear(in_dim, hidden)]
    if bn:
        layers.append(nn.BatchNorm1d(hidden))
    layers += [nn.ReLU(inplace=True), nn.Linear(hidden, out_dim)]
    return layers
