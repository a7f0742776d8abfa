"""Soft actor-critic with a single optimizer over named parameter groups."""
import copy
import functools

import torch
import torch.nn as nn
import torch.nn.functional as F

from schedules import constant, delayed, warmup_cosine


class Actor(nn.Module):
    def __init__(self, obs_dim, act_dim):
        super().__init__()
        self.body = nn.Sequential(nn.Linear(obs_dim, 32), nn.ReLU(), nn.Linear(32, 2 * act_dim))

    def forward(self, obs):
        mu, log_std = self.body(obs).chunk(2, -1)
        dist = torch.distributions.Normal(mu, log_std.clamp(-5, 2).exp())
        raw = dist.rsample()
        action = torch.tanh(raw)
        logp = (dist.log_prob(raw) - torch.log1p(-action.pow(2) + 1e-6)).sum(-1)
        return action, logp


class TwinQ(nn.Module):
    def __init__(self, obs_dim, act_dim):
        super().__init__()
        self.q1 = nn.Sequential(nn.Linear(obs_dim + act_dim, 32), nn.ReLU(), nn.Linear(32, 1))
        self.q2 = nn.Sequential(nn.Linear(obs_dim + act_dim, 32), nn.ReLU(), nn.Linear(32, 1))

    def forward(self, obs, act):
        x = torch.cat([obs, act], -1)
        return self.q1(x).squeeze(-1), self.q2(x).squeeze(-1)


class SACAgent:
    def __init__(self, obs_dim, act_dim, cfg):
        self.cfg = cfg
        self.actor = Actor(obs_dim, act_dim)
        self.critic = TwinQ(obs_dim, act_dim)
        self.critic_target = copy.deepcopy(self.critic).requires_grad_(False)
        self.log_alpha = torch.zeros((), requires_grad=True)
        self.target_entropy = -float(act_dim)
        base, warmup, total = cfg["lr"], cfg["warmup"], cfg["total_steps"]
        self.optim = torch.optim.Adam([
            {"params": self.actor.parameters(), "name": "actor",
             "lr_at": functools.partial(delayed, delay=cfg["actor_delay"], base=base, warmup=warmup, total=total)},
            {"params": self.critic.parameters(), "name": "critic",
             "lr_at": functools.partial(warmup_cosine, base=base, warmup=warmup, total=total)},
            {"params": [self.log_alpha], "name": "alpha",
             "lr_at": functools.partial(constant, value=cfg["alpha_lr"])},
        ], lr=base)

    def act(self, obs):
        with torch.no_grad():
            return self.actor(obs)[0]

    def loss(self, obs, act, rew, nxt, done):
        alpha = self.log_alpha.exp().detach()
        with torch.no_grad():
            next_act, next_logp = self.actor(nxt)
            target = rew + self.cfg["gamma"] * (1 - done) * (
                torch.min(*self.critic_target(nxt, next_act)) - alpha * next_logp)
        q1, q2 = self.critic(obs, act)
        critic_loss = F.mse_loss(q1, target) + F.mse_loss(q2, target)
        self.critic.requires_grad_(False)
        pi, logp = self.actor(obs)
        actor_loss = (alpha * logp - torch.min(*self.critic(obs, pi))).mean()
        self.critic.requires_grad_(True)
        alpha_loss = -(self.log_alpha * (logp.detach() + self.target_entropy)).mean()
        return critic_loss + actor_loss + alpha_loss

    @torch.no_grad()
    def sync_target(self):
        for p, tp in zip(self.critic.parameters(), self.critic_target.parameters()):
            tp.lerp_(p, self.cfg["tau"])
