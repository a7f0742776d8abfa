"""Tiny corridor environment used by the value-based agents."""
import random

import torch
import torch.nn.functional as F


class Corridor:
    """1-D corridor: the right end pays 1, the left end pays -1, every other move costs 0.01."""

    obs_dim, n_actions = 9, 2

    def __init__(self, max_steps=30, seed=0):
        self.max_steps, self.rng = max_steps, random.Random(seed)

    def reset(self):
        self.pos, self.t = self.obs_dim // 2 + self.rng.choice([-1, 0, 1]), 0
        return F.one_hot(torch.tensor(self.pos), self.obs_dim).float()

    def step(self, action):
        self.t += 1
        self.pos += 1 if action == 1 else -1
        obs = F.one_hot(torch.tensor(self.pos), self.obs_dim).float()
        if self.pos in (0, self.obs_dim - 1):
            return obs, (1.0 if self.pos else -1.0), True
        return obs, -0.01, self.t >= self.max_steps
