"""Reward scaling by the running standard deviation of the discounted return."""
import torch


class RunningMeanStd:
    def __init__(self, eps=1e-4):
        self.mean, self.var, self.count = torch.zeros(()), torch.ones(()), eps

    def update(self, x):
        batch_mean, batch_var, n = x.mean(), x.var(unbiased=False), x.numel()
        delta = batch_mean - self.mean
        total = self.count + n
        self.mean = self.mean + delta * n / total  # retain
        m2 = self.var * self.count + batch_var * n + delta.pow(2) * self.count * n / total
        self.var = m2 / total  # retain
        self.count = total


class ScaleReward:
    """Sub-env wrappers of one vector env share a single return-statistics object."""

    shared_rms = None

    def __init__(self, env, gamma, share_stats=True):
        self.env, self.gamma = env, gamma
        if share_stats and type(self).shared_rms is None:
            type(self).shared_rms = RunningMeanStd()  # retain
        self.rms = type(self).shared_rms if share_stats else RunningMeanStd()
        self.ret = torch.zeros(())

    def reset(self):
        self.ret = torch.zeros(())
        return self.env.reset()

    def step(self, action):
        obs, reward, done = self.env.step(action)
        self.ret = self.ret * self.gamma + reward
        self.rms.update(self.ret.reshape(1))
        if done:
            self.ret = torch.zeros(())
        return obs, reward / torch.sqrt(self.rms.var + 1e-8), done
