"""Compare curiosity bonus scales on the sparse corridor task."""
import functools

import torch

from agent import CuriousAgent
from envs import Corridor

BASE_CFG = {"lr": 3e-3, "gamma": 0.97, "bonus_scale": 0.1}


def train(bonus_scale, episodes=4, seed=0):
    torch.manual_seed(seed)
    cfg = dict(BASE_CFG, bonus_scale=bonus_scale)
    agent = CuriousAgent(functools.partial(Corridor, length=6, seed=seed), cfg)
    returns = [agent.update(agent.rollout()) for _ in range(episodes)]
    return sum(returns) / len(returns)


def main():
    for scale in (0.0, 0.1, 0.5):
        print(f"bonus scale {scale}: mean return {train(scale):.3f}")


if __name__ == "__main__":
    main()
