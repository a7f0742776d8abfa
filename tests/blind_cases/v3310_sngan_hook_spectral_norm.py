"""SN-GAN on a ring of Gaussians: spectral-normalised critic, hinge loss, EMA generator, checkpoints."""
import copy
import math

import torch
import torch.nn as nn
from torch.nn.utils import spectral_norm

SN_CFG = {"z_dim": 8, "hidden": 64, "batch": 32, "steps": 5, "n_dis": 2,
          "lr_g": 2e-4, "lr_d": 2e-4, "betas": (0.0, 0.9), "ema": 0.99}


def ring_batch(n, modes=6):
    angle = 2 * math.pi * torch.randint(0, modes, (n,)).float() / modes
    return torch.stack([angle.cos(), angle.sin()], 1) + 0.02 * torch.randn(n, 2)


class Generator(nn.Module):
    def __init__(self, z_dim, hidden):
        super().__init__()
        self.net = nn.Sequential(nn.Linear(z_dim, hidden), nn.ReLU(), nn.Linear(hidden, hidden), nn.ReLU(),
                                 nn.Linear(hidden, 2))

    def forward(self, z):
        return self.net(z)


class Critic(nn.Module):
    def __init__(self, hidden):
        super().__init__()
        self.net = nn.Sequential(spectral_norm(nn.Linear(2, hidden)), nn.LeakyReLU(0.1),
                                 spectral_norm(nn.Linear(hidden, hidden)), nn.LeakyReLU(0.1),
                                 spectral_norm(nn.Linear(hidden, 1)))

    def forward(self, x):
        return self.net(x)


class SNGANTrainer:
    def __init__(self, cfg):
        self.cfg = cfg
        self.G = Generator(cfg["z_dim"], cfg["hidden"])
        self.D = Critic(cfg["hidden"])
        self.G_ema = copy.deepcopy(self.G).requires_grad_(False)
        self.opt_g = torch.optim.Adam(self.G.parameters(), lr=cfg["lr_g"], betas=cfg["betas"])
        self.opt_d = torch.optim.Adam(self.D.parameters(), lr=cfg["lr_d"], betas=cfg["betas"])
        self.log = []

    def noise(self):
        return torch.randn(self.cfg["batch"], self.cfg["z_dim"])

    def critic_step(self):
        real = ring_batch(self.cfg["batch"])
        with torch.no_grad():
            fake = self.G(self.noise())
        loss = torch.relu(1 - self.D(real)).mean() + torch.relu(1 + self.D(fake)).mean()
        self.opt_d.zero_grad(set_to_none=True)
        loss.backward()
        self.opt_d.step()
        return loss.item()

    def generator_step(self):
        loss = -self.D(self.G(self.noise())).mean()
        self.opt_g.zero_grad(set_to_none=True)
        loss.backward()
        self.opt_g.step()
        with torch.no_grad():
            for p_ema, p in zip(self.G_ema.parameters(), self.G.parameters()):
                p_ema.lerp_(p, 1 - self.cfg["ema"])
        return loss.item()

    def snapshot(self):
        return {name: {k: v.detach().clone() for k, v in net.state_dict().items()}
                for name, net in (("G", self.G), ("D", self.D), ("G_ema", self.G_ema))}

    def restore(self, state):
        self.G.load_state_dict(state["G"])
        self.D.load_state_dict(state["D"])
        self.G_ema.load_state_dict(state["G_ema"])

    def fit(self):
        for step in range(self.cfg["steps"]):
            d_loss = sum(self.critic_step() for _ in range(self.cfg["n_dis"])) / self.cfg["n_dis"]
            self.log.append((step, d_loss, self.generator_step()))
        self.restore(self.snapshot())
        return self.log


def main():
    torch.manual_seed(0)
    for _ in range(2):
        SNGANTrainer(SN_CFG).fit()


if __name__ == "__main__":
    main()
