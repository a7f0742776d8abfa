"""Generator and discriminator; each player configures and owns its optimizer."""
import torch.nn as nn

from optim_setup import build_adam, clip_and_step


class Player(nn.Module):
    max_grad_norm = 10.0

    def configure_optimizer(self, cfg):
        self.optimizer = build_adam(self, cfg)  # cycle

    def update(self, loss):
        self.optimizer.zero_grad(set_to_none=True)
        loss.backward()
        return clip_and_step(self.optimizer)


class Generator(Player):
    max_grad_norm = 5.0

    def __init__(self, z_dim, hidden, out_dim):
        super().__init__()
        self.net = nn.Sequential(nn.Linear(z_dim, hidden), nn.LayerNorm(hidden), nn.LeakyReLU(0.2),
                                 nn.Linear(hidden, out_dim))

    def forward(self, z):
        return self.net(z)


class Discriminator(Player):
    def __init__(self, in_dim, hidden):
        super().__init__()
        self.net = nn.Sequential(nn.Linear(in_dim, hidden), nn.LeakyReLU(0.2),
                                 nn.Linear(hidden, hidden), nn.LeakyReLU(0.2), nn.Linear(hidden, 1))

    def forward(self, x):
        return self.net(x).squeeze(1)
