"""Hinge GAN whose generator loss mixes in discriminator feature matching."""
import torch

from losses import d_hinge_loss, feature_matching_loss, g_hinge_loss
from nets import Discriminator, Generator

RUNS = [
    {"z_dim": 16, "fm_weight": 1.0, "fm_depth": 2, "lr": 2e-4},
    {"z_dim": 8, "fm_weight": 0.5, "fm_depth": 1, "lr": 1e-3},
]


def real_batch(n):
    base = torch.linspace(-1, 1, 8)
    img = base.view(1, 1, 8, 1) * base.view(1, 1, 1, 8)
    return img.expand(n, 1, 8, 8) + 0.1 * torch.randn(n, 1, 8, 8)


def train(run, steps=4, batch=8):
    gen, disc = Generator(run["z_dim"]), Discriminator()
    opt_g = torch.optim.Adam(gen.parameters(), lr=run["lr"], betas=(0.0, 0.9))
    opt_d = torch.optim.Adam(disc.parameters(), lr=run["lr"], betas=(0.0, 0.9))
    for _ in range(steps):
        real = real_batch(batch)
        fake = gen(torch.randn(batch, run["z_dim"]))
        d_loss = d_hinge_loss(disc, real, fake.detach())
        opt_d.zero_grad(set_to_none=True)
        d_loss.backward()
        opt_d.step()

        g_loss = g_hinge_loss(disc, fake)
        g_loss = g_loss + run["fm_weight"] * feature_matching_loss(disc, real, fake, run["fm_depth"])
        opt_g.zero_grad(set_to_none=True)
        g_loss.backward()
        opt_g.step()
    return d_loss.item(), g_loss.item()


def main():
    torch.manual_seed(0)
    for run in RUNS:
        d_loss, g_loss = train(run)
        print(f"z_dim={run['z_dim']}: d {d_loss:.3f} g {g_loss:.3f}")


if __name__ == "__main__":
    main()
