"""League training on a noisy rock-paper-scissors variant with small softmax policies."""
import random

import torch
import torch.nn as nn

from league import League, Payoff
from players import MainExploiter, MainPlayer

PAYOFF_MATRIX = torch.tensor([[0.0, -1.0, 1.2], [1.0, 0.0, -1.0], [-1.0, 1.1, 0.0]])


class RPSPolicy(nn.Module):
    def __init__(self, context_dim=4):
        super().__init__()
        self.net = nn.Sequential(nn.Linear(context_dim, 16), nn.Tanh(), nn.Linear(16, 3))

    def forward(self, ctx):
        return torch.distributions.Categorical(logits=self.net(ctx))


def play_batch(home, away, n_games=32):
    ctx = torch.randn(n_games, 4)
    home_dist = home.policy(ctx)
    with torch.no_grad():
        away_actions = away.policy(ctx).sample()
    home_actions = home_dist.sample()
    reward = PAYOFF_MATRIX[home_actions, away_actions]
    return home_dist.log_prob(home_actions), reward


def run_league(seed, iterations=6):
    rng = random.Random(seed)
    torch.manual_seed(seed)
    payoff = Payoff()
    learners = [MainPlayer("main", RPSPolicy(), payoff), MainExploiter("exploiter", RPSPolicy(), payoff)]
    league = League(learners, payoff)
    optims = {p.name: torch.optim.Adam(p.policy.parameters(), lr=0.05) for p in learners}
    for step in range(iterations):
        for player in league.learning_players:
            opponent = player.get_match(rng)
            log_prob, reward = play_batch(player, opponent)
            loss = -(log_prob * (reward - reward.mean())).mean()
            optims[player.name].zero_grad()
            loss.backward()
            optims[player.name].step()
            payoff.update(player, opponent, float((reward > 0).float().mean()), len(reward))
            if player.ready_to_checkpoint(step + 1):
                league.add_snapshot(player)
    return league.summary()


def main():
    for seed in range(2):
        run_league(seed)


if __name__ == "__main__":
    main()
