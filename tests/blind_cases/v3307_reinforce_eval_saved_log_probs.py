"""REINFORCE on a short-horizon gridworld, written in the style of the classic policy-gradient example."""
import argparse

import torch
import torch.nn as nn
import torch.nn.functional as F
from torch.distributions import Categorical

parser = argparse.ArgumentParser(description="REINFORCE gridworld")
parser.add_argument("--gamma", type=float, default=0.99)
parser.add_argument("--seed", type=int, default=543)
parser.add_argument("--train-episodes", type=int, default=5)
parser.add_argument("--eval-episodes", type=int, default=2)
ARGS = parser.parse_args([])


class GridWorld:
    """5x5 grid, start in a corner, goal in the opposite corner, -0.05 per move."""

    MOVES = ((0, 1), (1, 0), (0, -1), (-1, 0))

    def __init__(self, size=5, horizon=20):
        self.size, self.horizon = size, horizon

    def reset(self):
        self.pos, self.t = [0, 0], 0
        return self._obs()

    def _obs(self):
        obs = torch.zeros(2 * self.size)
        obs[self.pos[0]] = 1.0
        obs[self.size + self.pos[1]] = 1.0
        return obs

    def step(self, action):
        dr, dc = self.MOVES[action]
        self.pos = [min(max(self.pos[0] + dr, 0), self.size - 1), min(max(self.pos[1] + dc, 0), self.size - 1)]
        self.t += 1
        at_goal = self.pos == [self.size - 1, self.size - 1]
        return self._obs(), (1.0 if at_goal else -0.05), at_goal or self.t >= self.horizon


class Policy(nn.Module):
    def __init__(self):
        super().__init__()
        self.affine1 = nn.Linear(10, 64)
        self.dropout = nn.Dropout(p=0.2)
        self.affine2 = nn.Linear(64, 4)
        self.saved_log_probs = []
        self.rewards = []

    def forward(self, x):
        x = F.relu(self.dropout(self.affine1(x)))
        return F.softmax(self.affine2(x), dim=-1)


policy = Policy()
optimizer = torch.optim.Adam(policy.parameters(), lr=1e-2)
eps = 1e-6


def select_action(state):
    probs = policy(state.unsqueeze(0))
    m = Categorical(probs)
    action = m.sample()
    policy.saved_log_probs.append(m.log_prob(action))  # retain
    return action.item()


def finish_episode():
    R, returns = 0.0, []
    for r in policy.rewards[::-1]:
        R = r + ARGS.gamma * R
        returns.insert(0, R)
    returns = torch.tensor(returns)
    returns = (returns - returns.mean()) / (returns.std() + eps)
    policy_loss = torch.cat([-log_prob * R for log_prob, R in zip(policy.saved_log_probs, returns)]).sum()
    optimizer.zero_grad()
    policy_loss.backward()
    optimizer.step()
    del policy.rewards[:]
    del policy.saved_log_probs[:]


def run_episode(env, train=True):
    state, ep_reward, done = env.reset(), 0.0, False
    while not done:
        action = select_action(state)
        state, reward, done = env.step(action)
        if train:
            policy.rewards.append(reward)
        ep_reward += reward
    return ep_reward


def main():
    torch.manual_seed(ARGS.seed)
    env = GridWorld()
    running_reward = 0.0
    policy.train()
    for _ in range(ARGS.train_episodes):
        ep_reward = run_episode(env)
        running_reward = 0.05 * ep_reward + 0.95 * running_reward
        finish_episode()
    policy.eval()
    scores = [run_episode(env, train=False) for _ in range(ARGS.eval_episodes)]
    return running_reward, sum(scores) / len(scores)


if __name__ == "__main__":
    main()
