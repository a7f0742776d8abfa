"""Reward learned from pairwise segment preferences (Bradley-Terry), used in place of the env reward."""
import torch
import torch.nn as nn
import torch.nn.functional as F


class PreferenceRewardModel(nn.Module):
    def __init__(self, obs_dim, act_dim):
        super().__init__()
        self.net = nn.Sequential(nn.Linear(obs_dim + act_dim, 32), nn.ReLU(), nn.Linear(32, 1))

    def forward(self, obs, act):
        return self.net(torch.cat([obs, act], -1)).squeeze(-1)

    def preference_loss(self, seg_a, seg_b, prefer_a):
        ret_a = self(*seg_a).sum(-1)
        ret_b = self(*seg_b).sum(-1)
        return F.binary_cross_entropy_with_logits(ret_a - ret_b, prefer_a)


class LearnedRewardEnv:
    def __init__(self, env, reward_model):
        self.env, self.reward_model = env, reward_model

    def reset(self):
        return self.env.reset()

    def step(self, action):
        obs, _, done = self.env.step(action)
        return obs, self.reward_model(obs, action), done
