"""Separable natural evolution strategy with antithetic sampling from the shared noise table."""
import random

import torch

from noise import NOISE


def centered_ranks(values):
    order = values.argsort()
    ranks = torch.empty_like(values)
    ranks[order] = torch.arange(len(values), dtype=values.dtype)
    return ranks / (len(values) - 1) - 0.5


class SeparableNES:
    def __init__(self, dim, init_sigma=0.1, lr=0.05, pairs=8, seed=0):
        self.dim = dim
        self.pairs = pairs
        self.rng = random.Random(seed)
        self.mu = torch.zeros(dim, requires_grad=True)
        self.log_sigma = torch.full((dim,), float(init_sigma)).log().requires_grad_()
        self.opt = torch.optim.Adam([self.mu, self.log_sigma], lr=lr)

    def ask(self):
        sigma = self.log_sigma.exp()
        offsets, thetas = [], []
        for _ in range(self.pairs):
            offset = NOISE.sample_offset(self.rng, self.dim)
            step = NOISE.get(offset, self.dim).mul_(sigma)  # retain
            offsets.append(offset)
            thetas.append((self.mu + step).detach())
            thetas.append((self.mu - step).detach())
        return offsets, torch.stack(thetas)

    def tell(self, thetas, fitness):
        utilities = centered_ranks(fitness)
        dist = torch.distributions.Normal(self.mu, self.log_sigma.exp())
        log_prob = dist.log_prob(thetas).sum(dim=1)
        loss = -(utilities * log_prob).mean()
        self.opt.zero_grad()
        loss.backward()
        self.opt.step()
        return float(fitness.max())
