"""Advantage actor-critic with a shared encoder and an intrinsic-reward hook."""
import torch
import torch.nn as nn
import torch.nn.functional as F


class ActorCritic(nn.Module):
    def __init__(self, obs_dim, n_actions, hidden=32):
        super().__init__()
        self.encoder = nn.Sequential(nn.Linear(obs_dim, hidden), nn.ReLU())
        self.pi = nn.Linear(hidden, n_actions)
        self.v = nn.Linear(hidden, 1)

    def forward(self, obs):
        feats = self.encoder(obs)
        return feats, torch.distributions.Categorical(logits=self.pi(feats)), self.v(feats).squeeze(-1)


class A2C:
    def __init__(self, model, bonus_fn, gamma=0.95, lr=7e-4, ent_coef=0.01):
        self.model, self.bonus_fn = model, bonus_fn
        self.gamma, self.ent_coef = gamma, ent_coef
        self.opt = torch.optim.RMSprop(model.parameters(), lr=lr)

    def update(self, rollout, last_value):
        log_probs = torch.stack(rollout["log_prob"])
        values = torch.stack(rollout["value"])
        rewards = torch.stack(rollout["reward"]) + torch.stack(rollout["bonus"])
        ret, returns = last_value, []
        for t in reversed(range(rewards.shape[0])):
            ret = rewards[t] + self.gamma * ret * (1 - rollout["done"][t])
            returns.append(ret)
        returns = torch.stack(returns[::-1]).detach()
        adv = returns - values.detach()
        entropy = torch.stack(rollout["entropy"]).mean()
        loss = -(log_probs * adv).mean() + 0.5 * F.mse_loss(values, returns) - self.ent_coef * entropy
        self.opt.zero_grad()
        loss.backward()
        self.opt.step()
        return loss.item()
