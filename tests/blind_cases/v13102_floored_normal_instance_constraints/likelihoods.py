"""Heteroscedastic Gaussian likelihood whose scale is bounded below by a learned noise floor."""
import torch
import torch.nn as nn
import torch.nn.functional as F
from torch.distributions import Normal, constraints


class FlooredNormal(Normal):
    """Normal predictive whose scale is validated against the head's noise floor."""

    def __init__(self, loc, scale, floor, validate_args=None):
        self.arg_constraints = {**Normal.arg_constraints, "scale": constraints.greater_than(floor)}
        super().__init__(loc, scale, validate_args=validate_args)
        self.floor = floor

    def interval(self, z=1.96):
        return self.mean - z * self.stddev, self.mean + z * self.stddev


class HeteroscedasticHead(nn.Module):
    def __init__(self, in_features, min_noise=1e-3, init_floor=-4.0):
        super().__init__()
        self.loc = nn.Linear(in_features, 1)
        self.log_scale = nn.Linear(in_features, 1)
        self.raw_floor = nn.Parameter(torch.tensor(init_floor))
        self.min_noise = min_noise

    def noise_floor(self):
        return F.softplus(self.raw_floor) + self.min_noise

    def forward(self, features):
        floor = self.noise_floor()
        scale = floor + F.softplus(self.log_scale(features))
        return FlooredNormal(self.loc(features), scale, floor, validate_args=True)


def gaussian_nll(dist, target, floor_penalty=1e-2):
    return -dist.log_prob(target).mean() + floor_penalty * dist.floor
