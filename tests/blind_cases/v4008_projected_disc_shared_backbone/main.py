"""Hinge-loss GAN with a projected discriminator, one short run per generator width."""
import torch
import torch.nn as nn
import torch.nn.functional as F

from discriminator import ProjectedDiscriminator


class Generator(nn.Module):
    def __init__(self, z_dim=16, width=32):
        super().__init__()
        self.z_dim = z_dim
        self.fc = nn.Linear(z_dim, width * 4 * 4)
        self.up = nn.Sequential(nn.Upsample(scale_factor=2), nn.Conv2d(width, width, 3, padding=1), nn.ReLU(),
                                nn.Upsample(scale_factor=2), nn.Conv2d(width, 3, 3, padding=1), nn.Tanh())
        self.width = width

    def forward(self, z):
        return self.up(self.fc(z).view(-1, self.width, 4, 4))


def real_batch(n):
    yy, xx = torch.meshgrid(torch.linspace(-1, 1, 16), torch.linspace(-1, 1, 16), indexing="ij")
    centers = torch.rand(n, 2, 1, 1) * 1.2 - 0.6
    blob = torch.exp(-((xx - centers[:, :1]) ** 2 + (yy - centers[:, 1:]) ** 2) / 0.1)
    return (blob * torch.rand(n, 3, 1, 1)) * 2 - 1


def train_gan(width, steps=3, batch=8):
    torch.manual_seed(width)
    G, D = Generator(width=width), ProjectedDiscriminator()
    opt_g = torch.optim.Adam(G.parameters(), lr=2e-4, betas=(0.0, 0.99))
    opt_d = torch.optim.Adam([p for p in D.parameters() if p.requires_grad], lr=2e-4, betas=(0.0, 0.99))
    for _ in range(steps):
        z = torch.randn(batch, G.z_dim)
        fake = G(z)
        d_loss = F.relu(1 - D(real_batch(batch))).mean() + F.relu(1 + D(fake.detach())).mean()
        opt_d.zero_grad()
        d_loss.backward()
        opt_d.step()
        g_loss = -D(G(torch.randn(batch, G.z_dim))).mean()
        opt_g.zero_grad()
        g_loss.backward()
        opt_g.step()
    return d_loss.item(), g_loss.item()


def main():
    for width in (16, 32):
        train_gan(width)


if __name__ == "__main__":
    main()
