"""Fictitious self-play on a noisy rock-paper-scissors game with a rated pool of frozen snapshots."""
import copy
import random
import weakref
from collections import deque

import torch
import torch.nn as nn

CONFIG = {"generations": 3, "steps_per_gen": 12, "batch": 32, "recent": 2, "lr": 0.05, "elo_k": 16.0}
PAYOFF = torch.tensor([[0.0, -1.0, 1.0], [1.0, 0.0, -1.0], [-1.0, 1.0, 0.0]])


class Policy(nn.Module):
    def __init__(self, obs_dim=4, n_actions=3):
        super().__init__()
        self.net = nn.Sequential(nn.Linear(obs_dim, 16), nn.Tanh(), nn.Linear(16, n_actions))

    def forward(self, obs):
        return torch.distributions.Categorical(logits=self.net(obs))


class OpponentRef(weakref.ref):
    """Weak handle on a frozen snapshot, annotated with its rating bookkeeping."""

    def __init__(self, snapshot, pool=None, name=None):
        super().__init__(snapshot)
        self.pool = pool  # cycle
        self.name = name
        self.games = 0

    def record(self, score):
        self.games += 1
        self.pool.update_rating(self.name, score)


class OpponentPool:
    def __init__(self, recent, elo_k):
        self._recent = deque(maxlen=recent)
        self._refs = []
        self.ratings = {}
        self.elo_k = elo_k

    def add(self, policy, name):
        snapshot = copy.deepcopy(policy).requires_grad_(False)
        self._recent.append(snapshot)
        self._refs.append(OpponentRef(snapshot, pool=self, name=name))  # cycle
        self.ratings.setdefault(name, 1000.0)

    def sample(self):
        alive = [ref for ref in self._refs if ref() is not None]
        return random.choice(alive)

    def update_rating(self, name, score):
        expected = 1.0 / (1.0 + 10 ** ((self.ratings[name] - self.ratings["learner"]) / 400))
        self.ratings[name] -= self.elo_k * (score - expected)
        self.ratings["learner"] += self.elo_k * (score - expected)


def play(learner, opponent, batch):
    context = torch.randn(batch, 4)
    dist = learner(context)
    ours = dist.sample()
    with torch.no_grad():
        theirs = opponent(context).sample()
    reward = PAYOFF[ours, theirs] + 0.1 * torch.randn(batch)
    return dist.log_prob(ours), reward


def main():
    random.seed(0)
    torch.manual_seed(0)
    learner = Policy()
    opt = torch.optim.Adam(learner.parameters(), lr=CONFIG["lr"])
    pool = OpponentPool(CONFIG["recent"], CONFIG["elo_k"])
    pool.ratings["learner"] = 1000.0
    pool.add(learner, "gen0")
    for gen in range(1, CONFIG["generations"] + 1):
        for _ in range(CONFIG["steps_per_gen"]):
            ref = pool.sample()
            log_prob, reward = play(learner, ref(), CONFIG["batch"])
            loss = -(log_prob * (reward - reward.mean())).mean()
            opt.zero_grad()
            loss.backward()
            opt.step()
            ref.record(float(reward.mean() > 0))
        pool.add(learner, f"gen{gen}")
        print(f"generation {gen}: learner elo {pool.ratings['learner']:.1f}, pool size {len(pool._refs)}")


if __name__ == "__main__":
    main()
