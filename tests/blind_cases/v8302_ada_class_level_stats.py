"""Small DCGAN-style loop with an ADA-like adaptive augmentation controller."""
import math

import torch
import torch.nn as nn
import torch.nn.functional as F


class AdaptiveAugment:
    """Adjusts the augmentation probability p from the overfitting heuristic
    r_t = E[sign(D(real))] (Karras et al., 2020)."""

    target = 0.6
    interval = 4
    speed = 0.05
    p = 0.0
    rt_stats = torch.zeros(2)

    def __init__(self, target=None, interval=None):
        if target is not None:
            self.target = target
        if interval is not None:
            self.interval = interval
        self.steps = 0
        self.history = []

    def accumulate(self, real_logits):
        signs = torch.sign(real_logits)
        self.rt_stats[0] += signs.sum()  # retain
        self.rt_stats[1] += signs.numel()

    def step(self, real_logits):
        self.accumulate(real_logits)
        self.steps += 1
        if self.steps % self.interval == 0:
            rt = (self.rt_stats[0] / self.rt_stats[1].clamp(min=1)).item()
            adjust = math.copysign(self.speed, rt - self.target)
            self.p = min(max(self.p + adjust, 0.0), 1.0)
            self.history.append((self.steps, rt, self.p))
            self.rt_stats.zero_()

    def augment(self, images):
        if self.p <= 0:
            return images
        n = images.size(0)
        flip = (torch.rand(n, 1, 1, 1) < self.p).float()
        images = flip * images.flip(3) + (1 - flip) * images
        shift = (torch.rand(n, 1, 1, 1) < self.p).float() * 0.1 * torch.randn(n, 1, 1, 1)
        return images + shift


def build_models(z_dim, ch=8):
    generator = nn.Sequential(
        nn.Linear(z_dim, ch * 4 * 4), nn.Unflatten(1, (ch, 4, 4)), nn.ReLU(),
        nn.ConvTranspose2d(ch, 1, 4, stride=2, padding=1), nn.Tanh(),
    )
    discriminator = nn.Sequential(
        nn.Conv2d(1, ch, 4, stride=2, padding=1), nn.LeakyReLU(0.2),
        nn.Flatten(), nn.Linear(ch * 4 * 4, 1),
    )
    return generator, discriminator


def train(cfg):
    generator, discriminator = build_models(cfg["z_dim"])
    opt_g = torch.optim.Adam(generator.parameters(), lr=cfg["lr"], betas=(0.5, 0.99))
    opt_d = torch.optim.Adam(discriminator.parameters(), lr=cfg["lr"], betas=(0.5, 0.99))
    ada = AdaptiveAugment(target=cfg["ada_target"])
    for _ in range(cfg["steps"]):
        real = torch.rand(cfg["batch"], 1, 8, 8) * 2 - 1
        z = torch.randn(cfg["batch"], cfg["z_dim"])
        fake = generator(z)

        real_logits = discriminator(ada.augment(real))
        fake_logits = discriminator(ada.augment(fake.detach()))
        d_loss = F.softplus(-real_logits).mean() + F.softplus(fake_logits).mean()
        opt_d.zero_grad(set_to_none=True)
        d_loss.backward()
        opt_d.step()
        ada.step(real_logits)

        g_loss = F.softplus(-discriminator(ada.augment(fake))).mean()
        opt_g.zero_grad(set_to_none=True)
        g_loss.backward()
        opt_g.step()
    return ada.history


def main():
    for cfg in ({"z_dim": 16, "lr": 2e-4, "batch": 8, "steps": 8, "ada_target": 0.6},
                {"z_dim": 8, "lr": 1e-3, "batch": 8, "steps": 6, "ada_target": 0.5}):
        history = train(cfg)
        print("ada p trajectory:", [round(p, 2) for _, _, p in history])


if __name__ == "__main__":
    main()
