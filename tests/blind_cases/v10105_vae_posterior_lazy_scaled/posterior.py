"""Diagonal Gaussian posterior of the first-stage autoencoder, as a torch distribution."""
import torch
from torch.distributions import Independent, Normal, TransformedDistribution, kl_divergence
from torch.distributions.transforms import AffineTransform
from torch.distributions.utils import lazy_property


class DiagonalGaussianPosterior(Independent):
    def __init__(self, moments, scale_factor, logvar_range=(-30.0, 20.0)):
        mean, logvar = moments.chunk(2, dim=1)
        logvar = logvar.clamp(*logvar_range)
        self.scale_factor = scale_factor
        super().__init__(Normal(mean, torch.exp(0.5 * logvar)), 1)

    @lazy_property  # cycle
    def scaled(self):
        return TransformedDistribution(self, [AffineTransform(0.0, self.scale_factor, event_dim=1)])  # cycle

    def mode(self, scaled=True):
        return self.mean * self.scale_factor if scaled else self.mean

    def kl(self):
        prior = Independent(Normal(torch.zeros_like(self.mean), torch.ones_like(self.stddev)), 1)
        return kl_divergence(self, prior)
