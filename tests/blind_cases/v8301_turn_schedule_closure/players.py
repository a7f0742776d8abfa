"""Critic and generator players for a WGAN-style game."""
import torch
import torch.nn as nn


class Player:
    name = "player"

    def __init__(self, net, lr, betas=(0.0, 0.9)):
        self.net = net
        self.opt = torch.optim.Adam(net.parameters(), lr=lr, betas=betas)
        self.turn_of = None
        self.updates = 0
        self.last_loss = float("nan")

    def my_turn(self):
        return self.turn_of is not None and self.turn_of() is self

    def maybe_update(self, real, z):
        if not self.my_turn():
            return None
        loss = self.loss(real, z)
        self.opt.zero_grad(set_to_none=True)
        loss.backward()
        self.opt.step()
        self.updates += 1
        self.last_loss = loss.item()
        return self.last_loss


class CriticPlayer(Player):
    name = "critic"

    def __init__(self, critic, generator, lr, gp_weight=10.0):
        super().__init__(critic, lr)
        self.generator = generator
        self.gp_weight = gp_weight

    def gradient_penalty(self, real, fake):
        alpha = torch.rand(real.size(0), 1)
        mix = (alpha * real + (1 - alpha) * fake).requires_grad_(True)
        grad, = torch.autograd.grad(self.net(mix).sum(), mix, create_graph=True)
        return ((grad.norm(2, dim=1) - 1) ** 2).mean()

    def loss(self, real, z):
        with torch.no_grad():
            fake = self.generator(z)
        wdist = self.net(real).mean() - self.net(fake).mean()
        return -wdist + self.gp_weight * self.gradient_penalty(real, fake)


class GeneratorPlayer(Player):
    name = "generator"

    def __init__(self, generator, critic, lr):
        super().__init__(generator, lr)
        self.critic = critic

    def loss(self, real, z):
        return -self.critic(self.net(z)).mean()


def mlp(d_in, d_out, hidden=32):
    return nn.Sequential(nn.Linear(d_in, hidden), nn.LeakyReLU(0.2), nn.Linear(hidden, d_out))
