"""Preference-based RL: fit a reward model, then train a policy on a small vector env."""
import torch
import torch.nn as nn

from normalize import ScaleReward
from reward_model import LearnedRewardEnv, PreferenceRewardModel

CONFIG = {"n_envs": 3, "pref_steps": 10, "iterations": 6, "horizon": 8, "gamma": 0.99}


class DriftEnv:
    def __init__(self, seed):
        self.gen = torch.Generator().manual_seed(seed)

    def reset(self):
        self.t, self.x = 0, torch.randn(2, generator=self.gen)
        return self.x.clone()

    def step(self, action):
        self.t += 1
        self.x = self.x + 0.1 * action
        return self.x.clone(), -float(self.x.norm()), self.t >= 12


def fit_reward_model(model, cfg):
    opt = torch.optim.Adam(model.parameters(), lr=1e-2)
    for _ in range(cfg["pref_steps"]):
        seg_a = (torch.randn(16, 5, 2), torch.randn(16, 5, 2))
        seg_b = (torch.randn(16, 5, 2), torch.randn(16, 5, 2))
        prefer_a = (seg_a[0].norm(dim=-1).sum(-1) < seg_b[0].norm(dim=-1).sum(-1)).float()
        loss = model.preference_loss(seg_a, seg_b, prefer_a)
        opt.zero_grad()
        loss.backward()
        opt.step()


def run(seed, cfg):
    torch.manual_seed(seed)
    reward_model = PreferenceRewardModel(2, 2)
    fit_reward_model(reward_model, cfg)
    envs = [ScaleReward(LearnedRewardEnv(DriftEnv(seed * 10 + i), reward_model), cfg["gamma"])
            for i in range(cfg["n_envs"])]
    policy = nn.Sequential(nn.Linear(2, 32), nn.Tanh(), nn.Linear(32, 2))
    log_std = nn.Parameter(torch.zeros(2))
    opt = torch.optim.Adam([*policy.parameters(), log_std], lr=3e-3)
    obs = torch.stack([env.reset() for env in envs])
    for it in range(cfg["iterations"]):
        log_probs, rewards = [], []
        for t in range(cfg["horizon"]):
            dist = torch.distributions.Normal(policy(obs), log_std.exp())
            actions = dist.sample()
            log_probs.append(dist.log_prob(actions).sum(-1))
            steps = [env.step(a) for env, a in zip(envs, actions)]
            rewards.append(torch.tensor([float(r) for _, r, _ in steps]))
            obs = torch.stack([env.reset() if d else o for env, (o, _, d) in zip(envs, steps)])
        returns = torch.stack(rewards).flip(0).cumsum(0).flip(0)
        loss = -(torch.stack(log_probs) * (returns - returns.mean())).mean()
        opt.zero_grad()
        loss.backward()
        opt.step()
    return float(torch.stack(rewards).mean())


def main():
    for seed in (0, 1):
        print(f"seed {seed}: mean scaled reward {run(seed, CONFIG):.3f}")


if __name__ == "__main__":
    main()
