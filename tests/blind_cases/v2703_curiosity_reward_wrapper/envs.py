"""A sparse-reward corridor environment and gym-style wrappers."""
import random

import torch


class Corridor:
    """Start at cell 0; only reaching the last cell pays a reward of 1."""

    n_actions = 2

    def __init__(self, length=8, max_steps=24, seed=0):
        self.length, self.max_steps = length, max_steps
        self.obs_dim = length
        self.rng = random.Random(seed)
        self.pos = self.t = 0

    def observe(self):
        obs = torch.zeros(self.length)
        obs[self.pos] = 1.0
        return obs

    def reset(self):
        self.pos, self.t = 0, 0
        return self.observe()

    def step(self, action):
        if self.rng.random() < 0.1:
            action = 1 - action
        self.pos = min(max(self.pos + (1 if action == 1 else -1), 0), self.length - 1)
        self.t += 1
        done = self.pos == self.length - 1 or self.t >= self.max_steps
        return self.observe(), float(self.pos == self.length - 1), done, {}


class Wrapper:
    def __init__(self, env):
        self.env = env

    def reset(self):
        return self.env.reset()

    def step(self, action):
        return self.env.step(action)


class IntrinsicBonus(Wrapper):
    """Adds ``scale * bonus_fn(obs, action, next_obs)`` to the extrinsic reward."""

    def __init__(self, env, bonus_fn, scale=0.1):
        super().__init__(env)
        self.bonus_fn = bonus_fn  # cycle
        self.scale = scale
        self._last_obs = None

    def reset(self):
        self._last_obs = self.env.reset()
        return self._last_obs

    def step(self, action):
        obs, reward, done, info = self.env.step(action)
        bonus = float(self.bonus_fn(self._last_obs, action, obs))
        info["intrinsic"] = bonus
        self._last_obs = obs
        return obs, reward + self.scale * bonus, done, info
