"""Non-saturating GAN on a ring of Gaussians, two seeds."""
import math

import torch
import torch.nn.functional as F

from players import Discriminator, Generator

CFG = {
    "z_dim": 8, "hidden": 64, "steps": 6, "batch": 32,
    "g_opt": {"lr": 2e-4, "betas": (0.0, 0.99), "weight_decay": 0.0},
    "d_opt": {"lr": 4e-4, "betas": (0.0, 0.99), "weight_decay": 1e-4},
}


def ring(n, modes=8, radius=2.0):
    k = torch.randint(0, modes, (n,)).float()
    angle = 2 * math.pi * k / modes
    return torch.stack([radius * torch.cos(angle), radius * torch.sin(angle)], 1) + 0.05 * torch.randn(n, 2)


def train(seed):
    torch.manual_seed(seed)
    G = Generator(CFG["z_dim"], CFG["hidden"], 2)
    D = Discriminator(2, CFG["hidden"])
    G.configure_optimizer(CFG["g_opt"])
    D.configure_optimizer(CFG["d_opt"])
    for step in range(CFG["steps"]):
        real = ring(CFG["batch"])
        fake = G(torch.randn(CFG["batch"], CFG["z_dim"]))
        d_loss = F.softplus(D(fake.detach())).mean() + F.softplus(-D(real)).mean()
        d_norms = D.update(d_loss)
        g_loss = F.softplus(-D(G(torch.randn(CFG["batch"], CFG["z_dim"])))).mean()
        g_norms = G.update(g_loss)
    print(f"seed {seed}: d={d_loss.item():.3f} g={g_loss.item():.3f}", {**d_norms, **g_norms})


def main():
    for seed in (0, 1):
        train(seed)


if __name__ == "__main__":
    main()
