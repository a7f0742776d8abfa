"""Heteroscedastic regressor with a per-sample outlier gate."""
import torch
import torch.nn as nn
from torch.distributions import Normal

from constraints_util import POSITIVE, positive, raw_of, unit


class RobustRegressor(nn.Module):
    def __init__(self, in_dim, hidden, outlier_scale=10.0):
        super().__init__()
        self.trunk = nn.Sequential(nn.Linear(in_dim, hidden), nn.Tanh())
        self.head = nn.Linear(hidden, 3)
        self.outlier_scale = outlier_scale

    def forward(self, x):
        mu, raw_sigma, gate_logit = self.head(self.trunk(x)).unbind(dim=-1)
        return mu, positive(raw_sigma), unit(gate_logit)

    def nll(self, x, y):
        mu, sigma, p_out = self(x)
        y = y.squeeze(-1)
        inlier = Normal(mu, sigma).log_prob(y) + torch.log1p(-p_out)
        outlier = Normal(mu, self.outlier_scale * sigma).log_prob(y) + torch.log(p_out)
        return -torch.logsumexp(torch.stack([inlier, outlier]), dim=0).mean()

    def diagnostics(self, sigma):
        raw = raw_of(sigma, POSITIVE)
        return {"sigma_mean": sigma.mean().item(), "raw_sigma_mean": raw.mean().item()}
