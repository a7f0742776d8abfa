"""REINFORCE on a simulated reacher behind a wall-clock episode limit wrapper."""
import threading
import time

import torch
import torch.nn as nn

CONFIG = {"runs": 2, "episodes": 6, "horizon": 20, "max_episode_seconds": 120.0, "lr": 3e-3}


class ReacherSim:
    """Planar reacher; raw joint readings go through a fixed sensor model."""

    def __init__(self, seed):
        self.gen = torch.Generator().manual_seed(seed)
        self.sensor = nn.Linear(4, 8).requires_grad_(False)
        self.joints = torch.zeros(2)
        self.goal = torch.zeros(2)

    def _observe(self):
        with torch.no_grad():
            return self.sensor(torch.cat([self.joints, self.goal]))

    def reset(self):
        self.joints = torch.zeros(2)
        self.goal = torch.rand(2, generator=self.gen) * 2 - 1
        return self._observe()

    def step(self, action):
        self.joints = (self.joints + 0.2 * action).clamp(-1.0, 1.0)
        dist = float((self.joints - self.goal).norm())
        return self._observe(), -dist, dist < 0.1, {}


class WallClockLimit:
    """Truncates an episode once it has run for more than max_seconds of wall time."""

    def __init__(self, env, max_seconds):
        self.env = env
        self.max_seconds = max_seconds
        self._expired = threading.Event()
        self._timer = None
        self.truncations = 0
        self.started_at = None

    def _disarm(self):
        if self._timer is not None:
            self._timer.cancel()
            self._timer.join()
            self._timer = None

    def reset(self):
        self._disarm()
        self._expired.clear()
        self.started_at = time.monotonic()
        self._timer = threading.Timer(self.max_seconds, self._expired.set)
        self._timer.daemon = True
        self._timer.start()
        return self.env.reset()

    def step(self, action):
        obs, reward, done, info = self.env.step(action)
        if self._expired.is_set() and not done:
            info["TimeLimit.truncated"] = True
            self.truncations += 1
            done = True
        if done:
            self._disarm()
        return obs, reward, done, info

    def close(self):
        self._disarm()


class GaussianPolicy(nn.Module):
    def __init__(self, obs_dim, act_dim):
        super().__init__()
        self.mu = nn.Sequential(nn.Linear(obs_dim, 32), nn.Tanh(), nn.Linear(32, act_dim))
        self.log_std = nn.Parameter(torch.full((act_dim,), -0.5))

    def forward(self, obs):
        return torch.distributions.Normal(self.mu(obs), self.log_std.exp())


def run(seed, cfg):
    torch.manual_seed(seed)
    env = WallClockLimit(ReacherSim(seed), cfg["max_episode_seconds"])
    policy = GaussianPolicy(8, 2)
    opt = torch.optim.Adam(policy.parameters(), lr=cfg["lr"])
    returns = []
    for episode in range(cfg["episodes"]):
        obs, log_probs, rewards = env.reset(), [], []
        for t in range(cfg["horizon"]):
            dist = policy(obs)
            action = dist.sample()
            log_probs.append(dist.log_prob(action).sum())
            obs, reward, done, info = env.step(action)
            rewards.append(reward)
            if done:
                break
        ret = torch.tensor(rewards).flip(0).cumsum(0).flip(0)
        loss = -(torch.stack(log_probs) * (ret - ret.mean())).sum()
        opt.zero_grad()
        loss.backward()
        opt.step()
        returns.append(sum(rewards))
    env.close()
    return sum(returns) / len(returns)


def main():
    for seed in range(CONFIG["runs"]):
        print(f"run {seed}: mean return {run(seed, CONFIG):.3f}")


if __name__ == "__main__":
    main()
