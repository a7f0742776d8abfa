"""WGAN-GP trainer with a configurable critic/generator update schedule."""
import itertools
from dataclasses import dataclass

import torch

from nets import gradient_penalty


@dataclass
class GANConfig:
    n_critic: int = 5
    gp_weight: float = 10.0
    lr_g: float = 1e-4
    lr_d: float = 1e-4
    betas: tuple = (0.0, 0.9)


class WGANTrainer:
    def __init__(self, generator, critic, cfg=None):
        self.cfg = cfg or GANConfig()
        self.G, self.D = generator, critic
        self.opt_g = torch.optim.Adam(generator.parameters(), lr=self.cfg.lr_g, betas=self.cfg.betas)
        self.opt_d = torch.optim.Adam(critic.parameters(), lr=self.cfg.lr_d, betas=self.cfg.betas)
        self.history = {"d_loss": [], "g_loss": [], "gp": []}
        self._phases = itertools.cycle([self.critic_step] * self.cfg.n_critic + [self.generator_step])  # cycle
        self.iteration = 0

    def critic_step(self, real):
        fake = self.G.sample(real.size(0)).detach()
        wdist = self.D(real).mean() - self.D(fake).mean()
        gp = gradient_penalty(self.D, real, fake)
        loss = -wdist + self.cfg.gp_weight * gp
        self.opt_d.zero_grad(set_to_none=True)
        loss.backward()
        self.opt_d.step()
        self.history["d_loss"].append(loss.item())
        self.history["gp"].append(gp.item())

    def generator_step(self, real):
        loss = -self.D(self.G.sample(real.size(0))).mean()
        self.opt_g.zero_grad(set_to_none=True)
        loss.backward()
        self.opt_g.step()
        self.history["g_loss"].append(loss.item())

    def train_on_batch(self, real):
        phase = next(self._phases)
        phase(real)
        self.iteration += 1

    def fit(self, batches, epochs=1):
        for _ in range(epochs):
            for real in batches:
                self.train_on_batch(real)
        return {k: sum(v) / max(len(v), 1) for k, v in self.history.items()}
