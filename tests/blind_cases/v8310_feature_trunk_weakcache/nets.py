"""Generator and a block-structured discriminator for a small image GAN."""
import torch.nn as nn


class Generator(nn.Module):
    def __init__(self, z_dim, ch=8):
        super().__init__()
        self.fc = nn.Linear(z_dim, ch * 4 * 4)
        self.up = nn.Sequential(nn.ReLU(), nn.Unflatten(1, (ch, 4, 4)),
                                nn.ConvTranspose2d(ch, 1, 4, stride=2, padding=1), nn.Tanh())

    def forward(self, z):
        return self.up(self.fc(z))


class Discriminator(nn.Module):
    def __init__(self, ch=8):
        super().__init__()
        self.blocks = nn.ModuleList([
            nn.Sequential(nn.Conv2d(1, ch, 3, padding=1), nn.LeakyReLU(0.2)),
            nn.Sequential(nn.Conv2d(ch, ch, 4, stride=2, padding=1), nn.LeakyReLU(0.2)),
            nn.Sequential(nn.Conv2d(ch, 2 * ch, 3, padding=1), nn.LeakyReLU(0.2)),
        ])
        self.head = nn.Sequential(nn.Flatten(), nn.Linear(2 * ch * 4 * 4, 1))

    def forward(self, x):
        for block in self.blocks:
            x = block(x)
        return self.head(x)
