"""Non-saturating GAN on 1-D data with a discriminator-heavy update schedule (TTUR)."""
import itertools

import torch
import torch.nn as nn
import torch.nn.functional as F

CONFIG = {"d_steps": 3, "g_steps": 1, "lr_d": 4e-4, "lr_g": 1e-4, "latent_dim": 4, "batch_size": 64}


class GANBase:
    """Alternates between discriminator and generator updates according to a schedule."""

    def __init__(self, generator, discriminator, cfg):
        self.cfg = dict(cfg)
        self.G, self.D = generator, discriminator
        self.opt_g = torch.optim.Adam(generator.parameters(), lr=cfg["lr_g"], betas=(0.5, 0.999))
        self.opt_d = torch.optim.Adam(discriminator.parameters(), lr=cfg["lr_d"], betas=(0.5, 0.999))
        cls = type(self)
        self._schedule = itertools.cycle([cls.d_step] * cfg["d_steps"] + [cls.g_step] * cfg["g_steps"])
        self.log = []

    def latent(self, n):
        return torch.randn(n, self.cfg["latent_dim"])

    def step(self, real):
        update = next(self._schedule)
        self.log.append((update.__name__, update(self, real)))

    def d_step(self, real):
        raise NotImplementedError

    def g_step(self, real):
        raise NotImplementedError


class NonSaturatingGAN(GANBase):
    def d_step(self, real):
        fake = self.G(self.latent(real.size(0))).detach()
        logits_real, logits_fake = self.D(real), self.D(fake)
        loss = F.binary_cross_entropy_with_logits(logits_real, torch.ones_like(logits_real)) + \
            F.binary_cross_entropy_with_logits(logits_fake, torch.zeros_like(logits_fake))
        self.opt_d.zero_grad(set_to_none=True)
        loss.backward()
        self.opt_d.step()
        return loss.item()

    def g_step(self, real):
        logits = self.D(self.G(self.latent(real.size(0))))
        loss = F.binary_cross_entropy_with_logits(logits, torch.ones_like(logits))
        self.opt_g.zero_grad(set_to_none=True)
        loss.backward()
        self.opt_g.step()
        return loss.item()


def build_models(latent_dim):
    gen = nn.Sequential(nn.Linear(latent_dim, 16), nn.Tanh(), nn.Linear(16, 1))
    disc = nn.Sequential(nn.Linear(1, 16), nn.LeakyReLU(0.2), nn.Linear(16, 1))
    return gen, disc


def data_stream(n, batch_size, mean=3.0, std=0.5):
    for _ in range(n):
        yield mean + std * torch.randn(batch_size, 1)


def train(seed, cfg):
    torch.manual_seed(seed)
    gan = NonSaturatingGAN(*build_models(cfg["latent_dim"]), cfg)
    for real in data_stream(16, cfg["batch_size"]):
        gan.step(real)
    with torch.no_grad():
        samples = gan.G(gan.latent(512))
    d_losses = [v for name, v in gan.log if name == "d_step"]
    return samples.mean().item(), sum(d_losses) / len(d_losses)


def main():
    results = [train(seed, CONFIG) for seed in range(3)]
    for seed, (mean, d_loss) in enumerate(results):
        print(f"seed {seed}: sample mean {mean:.3f}, discriminator loss {d_loss:.3f}")


if __name__ == "__main__":
    main()
