"""Small fully connected generator / critic pair for 2-D toy distributions."""
import torch
import torch.nn as nn


def mlp(sizes, act):
    layers = []
    for i, (a, b) in enumerate(zip(sizes[:-1], sizes[1:])):
        layers.append(nn.Linear(a, b))
        if i < len(sizes) - 2:
            layers.append(act())
    return nn.Sequential(*layers)


class Generator(nn.Module):
    def __init__(self, latent_dim=8, hidden=32, out_dim=2):
        super().__init__()
        self.latent_dim = latent_dim
        self.net = mlp([latent_dim, hidden, hidden, out_dim], nn.ReLU)

    def sample(self, n):
        return self(torch.randn(n, self.latent_dim))

    def forward(self, z):
        return self.net(z)


class Critic(nn.Module):
    def __init__(self, in_dim=2, hidden=32):
        super().__init__()
        self.net = mlp([in_dim, hidden, hidden, 1], lambda: nn.LeakyReLU(0.2))

    def forward(self, x):
        return self.net(x).squeeze(-1)


def gradient_penalty(critic, real, fake):
    alpha = torch.rand(real.size(0), 1)
    mixed = (alpha * real + (1 - alpha) * fake).requires_grad_(True)
    grad, = torch.autograd.grad(critic(mixed).sum(), mixed, create_graph=True)
    return (grad.norm(2, dim=1) - 1).pow(2).mean()
