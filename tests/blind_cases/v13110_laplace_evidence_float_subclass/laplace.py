"""Last-layer diagonal Laplace approximation and its log marginal likelihood (evidence)."""
import math

import torch
import torch.nn.functional as F


class Evidence(float):
    """Log marginal likelihood that keeps its decomposition for reports."""

    def __new__(cls, terms):
        obj = super().__new__(cls, sum(float(v) for v in terms.values()))
        obj.terms = terms  # retain
        return obj

    def breakdown(self):
        return ", ".join(f"{name}={float(value):.2f}" for name, value in self.terms.items())


class LastLayerLaplace:
    def __init__(self, model):
        self.model = model
        self.head = model.head
        self.h_diag = None

    def map_params(self):
        return torch.cat([self.head.weight.reshape(-1), self.head.bias])

    def fit(self, batches):
        h_weight = torch.zeros_like(self.head.weight)
        h_bias = torch.zeros_like(self.head.bias)
        with torch.no_grad():
            for x, _ in batches:
                phi = self.model.body(x)
                probs = F.softmax(self.head(phi), dim=-1)
                curvature = probs * (1 - probs)
                h_weight += curvature.T @ phi.pow(2)
                h_bias += curvature.sum(0)
        self.h_diag = torch.cat([h_weight.reshape(-1), h_bias])
        return self

    def log_marginal_likelihood(self, batches, prior_precision):
        theta = self.map_params()
        log_lik = -sum(F.cross_entropy(self.model(x), y, reduction="sum") for x, y in batches)
        posterior_precision = self.h_diag + prior_precision
        terms = {
            "log_lik": log_lik,
            "log_prior": -0.5 * prior_precision * theta.pow(2).sum(),
            "occam": 0.5 * (theta.numel() * math.log(prior_precision) - posterior_precision.log().sum()),
        }
        return Evidence(terms)
