"""Exact GP regression layer built on memoizing covariance operators."""
import math

import torch
import torch.nn as nn
import torch.nn.functional as F

from operators import CovarianceOperator


class ScaledRBF(nn.Module):
    def __init__(self):
        super().__init__()
        self.raw_lengthscale = nn.Parameter(torch.tensor(-0.43))
        self.raw_outputscale = nn.Parameter(torch.tensor(0.54))

    def forward(self, a, b):
        ls = F.softplus(self.raw_lengthscale)
        return F.softplus(self.raw_outputscale) * torch.exp(-0.5 * torch.cdist(a / ls, b / ls).pow(2))


class ExactGP(nn.Module):
    def __init__(self, train_x, train_y):
        super().__init__()
        self.register_buffer("train_x", train_x)
        self.register_buffer("train_y", train_y)
        self.kernel = ScaledRBF()
        self.raw_noise = nn.Parameter(torch.tensor(-2.25))

    def train_covariance(self):
        return CovarianceOperator(self.train_x, self.train_x, self.kernel, noise=F.softplus(self.raw_noise))

    def marginal_log_likelihood(self):
        n = self.train_y.shape[0]
        chol = self.train_covariance().cholesky()
        inv_quad, logdet = chol.inv_quad_logdet(self.train_y.unsqueeze(-1))
        return -0.5 * (inv_quad + logdet + n * math.log(2 * math.pi)) / n

    def predict(self, test_x):
        chol = self.train_covariance().cholesky()
        cross = CovarianceOperator(test_x, self.train_x, self.kernel).to_dense()
        mean = (cross @ chol.solve(self.train_y.unsqueeze(-1))).squeeze(-1)
        v = torch.linalg.solve_triangular(chol.L, cross.T, upper=False)
        var = F.softplus(self.kernel.raw_outputscale) - v.pow(2).sum(0) + F.softplus(self.raw_noise)
        return mean, var.clamp_min(1e-6)
