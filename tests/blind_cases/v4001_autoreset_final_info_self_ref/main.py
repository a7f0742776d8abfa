"""PPO on a batched point-reaching task, one short run per seed."""
from dataclasses import dataclass

import torch
import torch.nn as nn

from vec_env import PointReachVecEnv, RecordEpisodeAutoReset


@dataclass
class PPOConfig:
    num_envs: int = 8
    horizon: int = 16
    epochs: int = 2
    clip: float = 0.2
    gamma: float = 0.97
    lr: float = 3e-3


class GaussianActorCritic(nn.Module):
    def __init__(self, obs_dim, act_dim=2, hidden=32):
        super().__init__()
        self.body = nn.Sequential(nn.Linear(obs_dim, hidden), nn.Tanh())
        self.mu = nn.Linear(hidden, act_dim)
        self.v = nn.Linear(hidden, 1)
        self.log_std = nn.Parameter(torch.full((act_dim,), -0.5))

    def dist(self, obs):
        h = self.body(obs)
        return torch.distributions.Normal(self.mu(h), self.log_std.exp()), self.v(h).squeeze(-1)


def collect(env, agent, obs, cfg, episode_log):
    batch = {k: [] for k in ("obs", "act", "logp", "rew", "done", "val")}
    for _ in range(cfg.horizon):
        with torch.no_grad():
            dist, value = agent.dist(obs)
            action = dist.sample()
        next_obs, rew, term, trunc, infos = env.step(action)
        for key, val in zip(batch, (obs, action, dist.log_prob(action).sum(-1), rew, term | trunc, value)):
            batch[key].append(val)
        if "final_info" in infos:
            ep = infos["final_info"]["episode"]
            episode_log.extend(ep["r"][ep["_r"]].tolist())
        obs = next_obs
    return {k: torch.stack(v) for k, v in batch.items()}, obs


def discounted_returns(rew, done, gamma):
    out, running = torch.zeros_like(rew), torch.zeros(rew.shape[1])
    for t in reversed(range(rew.shape[0])):
        running = rew[t] + gamma * running * (~done[t]).float()
        out[t] = running
    return out


def train(seed, cfg):
    torch.manual_seed(seed)
    env = RecordEpisodeAutoReset(PointReachVecEnv(cfg.num_envs, seed=seed))
    agent = GaussianActorCritic(env.obs_dim)
    opt = torch.optim.Adam(agent.parameters(), lr=cfg.lr)
    obs, episode_log = env.reset()[0], []
    for _ in range(3):
        batch, obs = collect(env, agent, obs, cfg, episode_log)
        ret = discounted_returns(batch["rew"], batch["done"], cfg.gamma)
        adv = ret - batch["val"]
        adv = (adv - adv.mean()) / (adv.std() + 1e-8)
        for _ in range(cfg.epochs):
            dist, value = agent.dist(batch["obs"])
            ratio = (dist.log_prob(batch["act"]).sum(-1) - batch["logp"]).exp()
            pg = -torch.min(ratio * adv, ratio.clamp(1 - cfg.clip, 1 + cfg.clip) * adv).mean()
            loss = pg + 0.5 * (value - ret).pow(2).mean()
            opt.zero_grad()
            loss.backward()
            opt.step()
    return sum(episode_log) / max(len(episode_log), 1)


def main():
    for seed in range(2):
        train(seed, PPOConfig())


if __name__ == "__main__":
    main()
