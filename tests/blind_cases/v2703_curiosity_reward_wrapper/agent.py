"""REINFORCE agent with a forward-model curiosity bonus (ICM-lite)."""
import torch
import torch.nn as nn
import torch.nn.functional as F

from envs import IntrinsicBonus


class ForwardModel(nn.Module):
    def __init__(self, obs_dim, n_actions, hidden=32):
        super().__init__()
        self.n_actions = n_actions
        self.net = nn.Sequential(nn.Linear(obs_dim + n_actions, hidden), nn.ReLU(), nn.Linear(hidden, obs_dim))

    def forward(self, obs, action):
        a = F.one_hot(torch.as_tensor(action), self.n_actions).float()
        return self.net(torch.cat([obs, a], -1))


class CuriousAgent:
    def __init__(self, make_env, cfg):
        base = make_env()
        self.cfg = cfg
        self.policy = nn.Sequential(nn.Linear(base.obs_dim, 32), nn.Tanh(), nn.Linear(32, base.n_actions))
        self.world = ForwardModel(base.obs_dim, base.n_actions)
        params = list(self.policy.parameters()) + list(self.world.parameters())
        self.opt = torch.optim.Adam(params, lr=cfg["lr"])
        self.env = IntrinsicBonus(base, self.novelty, scale=cfg["bonus_scale"])  # cycle

    def novelty(self, obs, action, next_obs):
        with torch.no_grad():
            return (self.world(obs, action) - next_obs).pow(2).mean()

    def rollout(self):
        obs, done, traj = self.env.reset(), False, []
        while not done:
            dist = torch.distributions.Categorical(logits=self.policy(obs))
            action = dist.sample()
            next_obs, reward, done, _ = self.env.step(int(action))
            traj.append((obs, int(action), next_obs, dist.log_prob(action), reward))
            obs = next_obs
        return traj

    def update(self, traj):
        returns, g = [], 0.0
        for *_, reward in reversed(traj):
            g = reward + self.cfg["gamma"] * g
            returns.append(g)
        returns = torch.tensor(returns[::-1])
        returns = (returns - returns.mean()) / (returns.std() + 1e-6)
        log_probs = torch.stack([step[3] for step in traj])
        pg_loss = -(log_probs * returns).sum()
        obs, nxt = torch.stack([s[0] for s in traj]), torch.stack([s[2] for s in traj])
        model_loss = F.mse_loss(self.world(obs, [s[1] for s in traj]), nxt)
        self.opt.zero_grad()
        (pg_loss + model_loss).backward()
        self.opt.step()
        return sum(s[4] for s in traj)
