"""A2C on a vectorised bandit-walk task with rollout storage and per-env episode bookkeeping."""
import collections
from dataclasses import dataclass, field
from typing import List

import torch
import torch.nn as nn
import torch.nn.functional as F


class VecWalk:
    """num_envs independent random walks; action 1 moves right, reaching +3 pays 1."""

    def __init__(self, num_envs, limit=3, seed=0):
        self.gen = torch.Generator().manual_seed(seed)
        self.num_envs, self.limit = num_envs, limit
        self.pos = torch.zeros(num_envs)

    def observe(self):
        return torch.stack([self.pos / self.limit, torch.ones(self.num_envs)], dim=1)

    def step(self, actions):
        noise = torch.randint(0, 2, (self.num_envs,), generator=self.gen).float() * 0.5
        self.pos += actions.float() * 2 - 1 + noise
        done = self.pos.abs() >= self.limit
        reward = torch.where(self.pos >= self.limit, torch.ones_like(self.pos), torch.zeros_like(self.pos))
        self.pos[done] = 0.0
        return self.observe(), reward, done


@dataclass
class EpisodeStats:
    gamma: float
    rewards: List[float] = field(default_factory=list)

    @property
    def discounted(self):
        return sum(r * self.gamma ** i for i, r in enumerate(self.rewards))


class RolloutStorage:
    def __init__(self, num_steps, num_envs, obs_dim, gamma=0.99):
        self.num_steps, self.num_envs, self.gamma = num_steps, num_envs, gamma
        self.obs = torch.zeros(num_steps + 1, num_envs, obs_dim)
        self.actions = torch.zeros(num_steps, num_envs, dtype=torch.long)
        self.rewards = torch.zeros(num_steps, num_envs)
        self.masks = torch.ones(num_steps + 1, num_envs)
        self.step = 0
        self.open_episodes = collections.defaultdict(lambda: EpisodeStats(self.gamma))  # cycle
        self.finished: List[float] = []

    def insert(self, obs, actions, rewards, done):
        self.obs[self.step + 1].copy_(obs)
        self.actions[self.step].copy_(actions)
        self.rewards[self.step].copy_(rewards)
        self.masks[self.step + 1].copy_(1.0 - done.float())
        for env_id in range(self.num_envs):
            self.open_episodes[env_id].rewards.append(float(rewards[env_id]))
            if done[env_id]:
                self.finished.append(self.open_episodes.pop(env_id).discounted)
        self.step = (self.step + 1) % self.num_steps

    def returns(self, last_value):
        out = torch.zeros(self.num_steps, self.num_envs)
        running = last_value
        for t in reversed(range(self.num_steps)):
            running = self.rewards[t] + self.gamma * running * self.masks[t + 1]
            out[t] = running
        return out

    def after_update(self):
        self.obs[0].copy_(self.obs[-1])
        self.masks[0].copy_(self.masks[-1])


class ActorCritic(nn.Module):
    def __init__(self, obs_dim, n_actions=2, hidden=32):
        super().__init__()
        self.trunk = nn.Sequential(nn.Linear(obs_dim, hidden), nn.Tanh())
        self.pi = nn.Linear(hidden, n_actions)
        self.v = nn.Linear(hidden, 1)

    def forward(self, obs):
        h = self.trunk(obs)
        return self.pi(h), self.v(h).squeeze(-1)


def train(seed, updates=4, num_steps=8, num_envs=4):
    torch.manual_seed(seed)
    envs = VecWalk(num_envs, seed=seed)
    net = ActorCritic(obs_dim=2)
    opt = torch.optim.RMSprop(net.parameters(), lr=7e-4)
    storage = RolloutStorage(num_steps, num_envs, obs_dim=2)
    storage.obs[0].copy_(envs.observe())
    for _ in range(updates):
        with torch.no_grad():
            for _ in range(num_steps):
                logits, _ = net(storage.obs[storage.step])
                actions = torch.distributions.Categorical(logits=logits).sample()
                obs, reward, done = envs.step(actions)
                storage.insert(obs, actions, reward, done)
            _, last_value = net(storage.obs[-1])
        returns = storage.returns(last_value)
        logits, values = net(storage.obs[:-1].reshape(-1, 2))
        logp = F.log_softmax(logits, -1).gather(1, storage.actions.reshape(-1, 1)).squeeze(1)
        adv = returns.reshape(-1) - values
        loss = -(logp * adv.detach()).mean() + 0.5 * adv.pow(2).mean()
        opt.zero_grad()
        loss.backward()
        nn.utils.clip_grad_norm_(net.parameters(), 0.5)
        opt.step()
        storage.after_update()
    return sum(storage.finished) / max(1, len(storage.finished))


def main():
    for seed in range(2):
        train(seed)


if __name__ == "__main__":
    main()
