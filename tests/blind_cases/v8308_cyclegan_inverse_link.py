"""Tiny CycleGAN step loop; each generator knows its inverse for reconstruction."""
import random

import torch
import torch.nn as nn
import torch.nn.functional as F


class ResnetGenerator(nn.Module):
    def __init__(self, ch=3, width=8):
        super().__init__()
        self.inp = nn.Sequential(nn.Conv2d(ch, width, 3, padding=1), nn.ReLU())
        self.res = nn.Sequential(nn.Conv2d(width, width, 3, padding=1), nn.ReLU(),
                                 nn.Conv2d(width, width, 3, padding=1))
        self.out = nn.Sequential(nn.Conv2d(width, ch, 3, padding=1), nn.Tanh())

    def forward(self, x):
        h = self.inp(x)
        return self.out(h + self.res(h))

    def pair_with(self, inverse):
        # not a submodule: its parameters belong to the other generator
        object.__setattr__(self, "_inverse", inverse)  # cycle

    def reconstruct(self, x):
        return self._inverse(self(x))


def patch_discriminator(ch=3, width=8):
    return nn.Sequential(nn.Conv2d(ch, width, 4, stride=2, padding=1), nn.LeakyReLU(0.2),
                         nn.Conv2d(width, 1, 3, padding=1))


class ImagePool:
    def __init__(self, size):
        self.size = size
        self.images = []

    def query(self, batch):
        out = []
        for img in batch.detach():
            if len(self.images) < self.size:
                self.images.append(img)
                out.append(img)
            elif random.random() < 0.5:
                i = random.randrange(self.size)
                out.append(self.images[i])
                self.images[i] = img
            else:
                out.append(img)
        return torch.stack(out)


def lsgan(pred, is_real):
    return F.mse_loss(pred, torch.full_like(pred, 1.0 if is_real else 0.0))


def train(steps=3, lam=10.0):
    g_ab, g_ba = ResnetGenerator(), ResnetGenerator()
    g_ab.pair_with(g_ba)
    g_ba.pair_with(g_ab)
    d_a, d_b = patch_discriminator(), patch_discriminator()
    opt_g = torch.optim.Adam(list(g_ab.parameters()) + list(g_ba.parameters()), lr=2e-4, betas=(0.5, 0.999))
    opt_d = torch.optim.Adam(list(d_a.parameters()) + list(d_b.parameters()), lr=2e-4, betas=(0.5, 0.999))
    pool_a, pool_b = ImagePool(8), ImagePool(8)
    for _ in range(steps):
        real_a, real_b = torch.rand(4, 3, 8, 8) * 2 - 1, torch.rand(4, 3, 8, 8) * 2 - 1
        fake_b, fake_a = g_ab(real_a), g_ba(real_b)
        cycle = F.l1_loss(g_ab.reconstruct(real_a), real_a) + F.l1_loss(g_ba.reconstruct(real_b), real_b)
        g_loss = lsgan(d_b(fake_b), True) + lsgan(d_a(fake_a), True) + lam * cycle
        opt_g.zero_grad(set_to_none=True)
        g_loss.backward()
        opt_g.step()

        d_loss = (lsgan(d_b(real_b), True) + lsgan(d_b(pool_b.query(fake_b)), False)
                  + lsgan(d_a(real_a), True) + lsgan(d_a(pool_a.query(fake_a)), False)) * 0.5
        opt_d.zero_grad(set_to_none=True)
        d_loss.backward()
        opt_d.step()
    return g_loss.item(), d_loss.item()


def main():
    random.seed(0)
    torch.manual_seed(0)
    for trial in range(2):
        g_loss, d_loss = train()
        print(f"trial {trial}: g {g_loss:.3f} d {d_loss:.3f}")


if __name__ == "__main__":
    main()
