"""Model and loss components made available to the config system."""
import torch
import torch.nn as nn
import torch.nn.functional as F

from registry import LOSSES, MODELS


@MODELS.register("mlp")
@MODELS.register("mlp_wide", hidden=64)
class MLP(nn.Module):
    def __init__(self, d_in, d_out, hidden=16, depth=2):
        super().__init__()
        dims = [d_in] + [hidden] * depth
        self.body = nn.Sequential(*[m for a, b in zip(dims[:-1], dims[1:]) for m in (nn.Linear(a, b), nn.ReLU())])
        self.head = nn.Linear(hidden, d_out)

    def forward(self, x):
        return self.head(self.body(x))


@MODELS.register()
class Linear(nn.Module):
    def __init__(self, d_in, d_out):
        super().__init__()
        self.fc = nn.Linear(d_in, d_out)

    def forward(self, x):
        return self.fc(x)


@LOSSES.register("huber")
class Huber(nn.Module):
    def __init__(self, delta=1.0):
        super().__init__()
        self.delta = delta

    def forward(self, pred, target):
        return F.huber_loss(pred, target, delta=self.delta)


@LOSSES.register("mse")
class MSE(nn.Module):
    def forward(self, pred, target):
        return torch.mean((pred - target) ** 2)
