"""Fictitious self-play: every generation registers a new env id whose opponent is a frozen copy."""
import copy

import torch
import torch.nn as nn

from envs import DuelEnv
from registration import make, register

SELFPLAY = {"generations": 3, "episodes_per_gen": 2, "board": 5, "lr": 5e-3, "horizon": 12}


class Policy(nn.Module):
    def __init__(self, board, hidden=32):
        super().__init__()
        self.net = nn.Sequential(nn.Linear(board, hidden), nn.Tanh(), nn.Linear(hidden, board))

    def forward(self, obs):
        return self.net(obs)


def frozen_copy(policy):
    opponent = copy.deepcopy(policy)
    opponent.eval()
    for p in opponent.parameters():
        p.requires_grad_(False)
    return opponent


def play_episode(env, policy):
    obs, done, log_probs, rewards = env.reset(), False, [], []
    while not done:
        dist = torch.distributions.Categorical(logits=policy(obs.unsqueeze(0))[0])
        action = dist.sample()
        obs, reward, done = env.step(int(action))
        log_probs.append(dist.log_prob(action))
        rewards.append(reward)
    returns = torch.tensor(rewards).flip(0).cumsum(0).flip(0)
    return -(torch.stack(log_probs) * (returns - returns.mean())).sum()


def run_league(run_name):
    torch.manual_seed(0)
    policy = Policy(SELFPLAY["board"])
    opt = torch.optim.Adam(policy.parameters(), lr=SELFPLAY["lr"])
    for gen in range(SELFPLAY["generations"]):
        env_id = f"Duel-{run_name}-gen{gen}-v0"
        register(env_id, DuelEnv, max_episode_steps=SELFPLAY["horizon"],
                 opponent=frozen_copy(policy), board=SELFPLAY["board"])
        env = make(env_id, seed=gen)
        for _ in range(SELFPLAY["episodes_per_gen"]):
            loss = play_episode(env, policy)
            opt.zero_grad()
            loss.backward()
            opt.step()
    return policy.state_dict()


def main():
    for run_name in ("a", "b"):
        run_league(run_name)


if __name__ == "__main__":
    main()
