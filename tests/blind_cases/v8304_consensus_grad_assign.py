"""Consensus optimization (Mescheder et al., 2017) for a GAN on a mixture of Gaussians."""
import math

import torch
import torch.nn as nn
import torch.nn.functional as F

CFG = {"z_dim": 4, "hidden": 32, "lr": 1e-3, "gamma": 10.0, "steps": 6, "batch": 64}


def mixture_batch(n, modes=4, radius=1.5, std=0.05):
    k = torch.randint(0, modes, (n,)).float()
    angle = 2 * math.pi * k / modes
    centers = torch.stack([radius * angle.cos(), radius * angle.sin()], dim=1)
    return centers + std * torch.randn(n, 2)


def mlp(d_in, d_out, hidden):
    return nn.Sequential(nn.Linear(d_in, hidden), nn.ReLU(), nn.Linear(hidden, hidden),
                         nn.ReLU(), nn.Linear(hidden, d_out))


class ConsensusOptimizer:
    """Both players follow their own gradient plus gamma * grad(0.5 * ||v||^2),
    where v is the joint gradient vector field of the game."""

    def __init__(self, generator, discriminator, lr, gamma):
        self.g_params = list(generator.parameters())
        self.d_params = list(discriminator.parameters())
        self.gamma = gamma
        self.opt_g = torch.optim.RMSprop(self.g_params, lr=lr)
        self.opt_d = torch.optim.RMSprop(self.d_params, lr=lr)

    def step(self, g_loss, d_loss):
        d_grads = torch.autograd.grad(d_loss, self.d_params, create_graph=True)
        g_grads = torch.autograd.grad(g_loss, self.g_params, create_graph=True)
        field = list(d_grads) + list(g_grads)
        params = self.d_params + self.g_params
        consensus = 0.5 * sum(v.pow(2).sum() for v in field)
        reg_grads = torch.autograd.grad(consensus, params)
        for p, v, r in zip(params, field, reg_grads):
            p.grad = v + self.gamma * r  # retain
        self.opt_d.step()
        self.opt_g.step()
        return consensus.item()


def train(cfg):
    generator = mlp(cfg["z_dim"], 2, cfg["hidden"])
    discriminator = mlp(2, 1, cfg["hidden"])
    optimizer = ConsensusOptimizer(generator, discriminator, cfg["lr"], cfg["gamma"])
    log = []
    for _ in range(cfg["steps"]):
        real = mixture_batch(cfg["batch"])
        fake = generator(torch.randn(cfg["batch"], cfg["z_dim"]))
        d_real, d_fake = discriminator(real), discriminator(fake)
        d_loss = F.softplus(-d_real).mean() + F.softplus(d_fake).mean()
        g_loss = F.softplus(-d_fake).mean()
        reg = optimizer.step(g_loss, d_loss)
        log.append((d_loss.item(), g_loss.item(), reg))
    return log


def main():
    torch.manual_seed(0)
    log = train(CFG)
    d_loss, g_loss, reg = log[-1]
    print(f"d_loss {d_loss:.3f} g_loss {g_loss:.3f} ||v||^2/2 {reg:.4f}")


if __name__ == "__main__":
    main()
