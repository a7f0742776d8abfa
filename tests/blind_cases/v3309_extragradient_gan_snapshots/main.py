"""WGAN on a 2-D Gaussian mixture trained with extra-gradient steps for both players."""
import math

import torch
import torch.nn as nn

from extragrad import build_optimizer

GAME = {"z_dim": 4, "batch": 32, "iters": 4, "clip": 0.05,
        "g_opt": ("extra_adam", {"lr": 5e-4, "betas": (0.5, 0.9)}),
        "d_opt": ("extra_adam", {"lr": 5e-4, "betas": (0.5, 0.9)})}


def mixture_batch(n, modes=8, radius=2.0):
    k = torch.randint(0, modes, (n,)).float()
    centers = torch.stack([torch.cos(2 * math.pi * k / modes), torch.sin(2 * math.pi * k / modes)], 1)
    return radius * centers + 0.05 * torch.randn(n, 2)


def mlp(i, o, h=64):
    return nn.Sequential(nn.Linear(i, h), nn.ReLU(), nn.Linear(h, h), nn.ReLU(), nn.Linear(h, o))


class ExtragradientGAN:
    def __init__(self, cfg):
        self.cfg = cfg
        self.G = mlp(cfg["z_dim"], 2)
        self.D = mlp(2, 1)
        g_name, g_kw = cfg["g_opt"]
        d_name, d_kw = cfg["d_opt"]
        self.opt_g = build_optimizer(g_name, self.G.parameters(), **g_kw)
        self.opt_d = build_optimizer(d_name, self.D.parameters(), **d_kw)

    def losses(self):
        real = mixture_batch(self.cfg["batch"])
        fake = self.G(torch.randn(self.cfg["batch"], self.cfg["z_dim"]))
        d_loss = self.D(fake.detach()).mean() - self.D(real).mean()
        g_loss = -self.D(fake).mean()
        return d_loss, g_loss

    def _grads(self):
        d_loss, g_loss = self.losses()
        self.opt_d.zero_grad()
        self.opt_g.zero_grad()
        d_loss.backward(inputs=list(self.D.parameters()))
        g_loss.backward(inputs=list(self.G.parameters()))
        return d_loss.item(), g_loss.item()

    def iteration(self):
        self._grads()
        self.opt_d.extrapolation()
        self.opt_g.extrapolation()
        d_val, g_val = self._grads()
        self.opt_d.step()
        self.opt_g.step()
        with torch.no_grad():
            for p in self.D.parameters():
                p.clamp_(-self.cfg["clip"], self.cfg["clip"])
        return d_val, g_val

    def train(self):
        return [self.iteration() for _ in range(self.cfg["iters"])]


def main():
    torch.manual_seed(0)
    for _ in range(2):
        ExtragradientGAN(GAME).train()


if __name__ == "__main__":
    main()
