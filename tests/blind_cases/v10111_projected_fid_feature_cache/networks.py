"""Generator and a discriminator whose trunk doubles as the FID feature network."""
import torch.nn as nn


class Generator(nn.Module):
    def __init__(self, z_dim, dim):
        super().__init__()
        self.net = nn.Sequential(nn.Linear(z_dim, 64), nn.ReLU(), nn.Linear(64, dim))

    def forward(self, z):
        return self.net(z)


class Discriminator(nn.Module):
    def __init__(self, dim, feat_dim):
        super().__init__()
        self.trunk = nn.Sequential(nn.Linear(dim, 64), nn.LeakyReLU(0.2), nn.Linear(64, feat_dim))
        self.head = nn.Sequential(nn.LeakyReLU(0.2), nn.Linear(feat_dim, 1))

    def forward(self, x):
        return self.head(self.trunk(x)).squeeze(1)
