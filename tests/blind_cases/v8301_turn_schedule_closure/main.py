"""WGAN-GP on a toy 2-D ring, with the critic/generator alternation driven by a turn schedule."""
import math

import torch

from players import CriticPlayer, GeneratorPlayer, mlp
from schedule import attach, make_turn_schedule

CONFIGS = [
    {"z_dim": 4, "n_critic": 3, "lr": 1e-3},
    {"z_dim": 8, "n_critic": 2, "lr": 5e-4},
]


def ring_batch(n, modes=8, radius=2.0, std=0.05):
    k = torch.randint(0, modes, (n,)).float()
    angle = 2 * math.pi * k / modes
    centers = torch.stack([radius * torch.cos(angle), radius * torch.sin(angle)], dim=1)
    return centers + std * torch.randn(n, 2)


def build_game(cfg):
    generator = mlp(cfg["z_dim"], 2)
    critic = mlp(2, 1)
    critic_player = CriticPlayer(critic, generator, cfg["lr"])
    generator_player = GeneratorPlayer(generator, critic, cfg["lr"])
    players = [critic_player, generator_player]  # cycle
    current, advance = make_turn_schedule(players, n_critic=cfg["n_critic"])
    attach(players, current)
    return players, advance


def play(cfg, batches=8, batch_size=32):
    players, advance = build_game(cfg)
    for _ in range(batches):
        real = ring_batch(batch_size)
        z = torch.randn(batch_size, cfg["z_dim"])
        for player in players:
            player.maybe_update(real, z)
        advance()
    return {p.name: (p.updates, p.last_loss) for p in players}


def main():
    for cfg in CONFIGS:
        stats = play(cfg)
        print(", ".join(f"{name}: {n} updates, loss {loss:.3f}" for name, (n, loss) in stats.items()))


if __name__ == "__main__":
    main()
