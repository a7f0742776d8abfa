"""Adversarial IRL: the policy is trained on a discriminator reward normalised per environment."""
import torch
import torch.nn as nn
import torch.nn.functional as F

CONFIG = {"n_envs": 2, "iterations": 5, "horizon": 10, "gamma": 0.99, "runs": 2}


class RunningMeanStd:
    mean = torch.zeros(())
    var = torch.ones(())
    count = 1e-4

    def update(self, x):
        batch_mean, batch_var, n = x.mean(), x.var(unbiased=False), x.numel()
        delta = batch_mean - self.mean
        total = self.count + n
        self.mean = self.mean + delta * n / total
        self.var = (self.var * self.count + batch_var * n + delta.pow(2) * self.count * n / total) / total
        self.count = total


class NormalizeReward:
    def __init__(self, env, gamma):
        self.env, self.gamma = env, gamma
        self.return_rms = RunningMeanStd()
        self.ret = torch.zeros(())

    def reset(self):
        self.ret = torch.zeros(())
        return self.env.reset()

    def step(self, action):
        obs, reward, done = self.env.step(action)
        self.ret = self.ret * self.gamma + reward
        self.return_rms.update(self.ret.reshape(1))
        if done:
            self.ret = torch.zeros(())
        return obs, reward / torch.sqrt(self.return_rms.var + 1e-8), done


class DiscriminatorRewardEnv:
    def __init__(self, seed, disc):
        self.gen, self.disc = torch.Generator().manual_seed(seed), disc

    def reset(self):
        self.t, self.x = 0, torch.randn(2, generator=self.gen)
        return self.x.clone()

    def step(self, action):
        obs = self.x
        self.t, self.x = self.t + 1, self.x + 0.1 * action
        logit = self.disc(torch.cat([obs, action]))
        return self.x.clone(), F.logsigmoid(logit) - F.logsigmoid(-logit), self.t >= 6


def run(seed, cfg):
    torch.manual_seed(seed)
    disc = nn.Sequential(nn.Linear(4, 32), nn.ReLU(), nn.Linear(32, 1))
    disc_opt = torch.optim.Adam(disc.parameters(), lr=1e-3)
    policy = nn.Sequential(nn.Linear(2, 32), nn.Tanh(), nn.Linear(32, 2))
    opt = torch.optim.Adam(policy.parameters(), lr=3e-3)
    envs = [NormalizeReward(DiscriminatorRewardEnv(seed * 7 + i, disc), cfg["gamma"]) for i in range(cfg["n_envs"])]
    obs = torch.stack([env.reset() for env in envs])
    expert = torch.cat([torch.randn(64, 2) * 0.1, torch.zeros(64, 2)], -1)
    for it in range(cfg["iterations"]):
        log_probs, rewards, visited = [], [], []
        for t in range(cfg["horizon"]):
            dist = torch.distributions.Normal(policy(obs), 0.3)
            actions = dist.sample()
            log_probs.append(dist.log_prob(actions).sum(-1))
            visited.append(torch.cat([obs, actions], -1))
            steps = [env.step(a) for env, a in zip(envs, actions)]
            rewards.append(torch.tensor([float(r) for _, r, _ in steps]))
            obs = torch.stack([env.reset() if d else o for env, (o, _, d) in zip(envs, steps)])
        returns = torch.stack(rewards).flip(0).cumsum(0).flip(0)
        loss = -(torch.stack(log_probs) * (returns - returns.mean())).mean()
        opt.zero_grad()
        loss.backward()
        opt.step()
        fake = torch.cat(visited)
        d_loss = F.binary_cross_entropy_with_logits(disc(expert), torch.ones(64, 1)) + \
            F.binary_cross_entropy_with_logits(disc(fake), torch.zeros(len(fake), 1))
        disc_opt.zero_grad()
        d_loss.backward()
        disc_opt.step()
    return float(torch.stack(rewards).mean())


def main():
    for seed in range(CONFIG["runs"]):
        print(f"run {seed}: mean normalised reward {run(seed, CONFIG):.3f}")


if __name__ == "__main__":
    main()
