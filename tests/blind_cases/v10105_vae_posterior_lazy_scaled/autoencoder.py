"""KL-regularised first-stage autoencoder and the latent denoiser."""
import torch
import torch.nn as nn

from posterior import DiagonalGaussianPosterior


class KLAutoencoder(nn.Module):
    def __init__(self, data_dim, latent_dim, hidden, scale_factor):
        super().__init__()
        self.scale_factor = scale_factor
        self.encoder = nn.Sequential(nn.Linear(data_dim, hidden), nn.SiLU(), nn.Linear(hidden, 2 * latent_dim))
        self.decoder = nn.Sequential(nn.Linear(latent_dim, hidden), nn.SiLU(), nn.Linear(hidden, data_dim))

    def encode(self, x):
        return DiagonalGaussianPosterior(self.encoder(x), self.scale_factor)

    def decode(self, z, scaled=True):
        return self.decoder(z / self.scale_factor if scaled else z)


class LatentDenoiser(nn.Module):
    def __init__(self, latent_dim, hidden):
        super().__init__()
        self.net = nn.Sequential(nn.Linear(latent_dim + 1, hidden), nn.SiLU(), nn.Linear(hidden, latent_dim))

    def forward(self, z_t, t):
        return self.net(torch.cat([z_t, t[:, None]], dim=1))
