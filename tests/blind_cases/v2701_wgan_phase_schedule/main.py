"""Sweep over the number of critic updates per generator update on a ring of Gaussians."""
import math

import torch

from nets import Critic, Generator
from trainer import GANConfig, WGANTrainer


def ring_batches(n_batches, batch_size, modes=8, radius=2.0, std=0.05):
    angles = torch.arange(modes) * (2 * math.pi / modes)
    centers = torch.stack([angles.cos(), angles.sin()], dim=1) * radius
    for _ in range(n_batches):
        idx = torch.randint(0, modes, (batch_size,))
        yield centers[idx] + std * torch.randn(batch_size, 2)


def run(n_critic, seed):
    torch.manual_seed(seed)
    cfg = GANConfig(n_critic=n_critic)
    trainer = WGANTrainer(Generator(), Critic(), cfg)
    stats = trainer.fit(list(ring_batches(12, 32)), epochs=1)
    with torch.no_grad():
        spread = trainer.G.sample(256).std(0).mean().item()
    return stats, spread


def main():
    report = {}
    for n_critic in (1, 3, 5):
        stats, spread = run(n_critic, seed=n_critic)
        report[n_critic] = (round(stats["d_loss"], 3), round(spread, 3))
    print("n_critic -> (critic loss, sample spread):", report)


if __name__ == "__main__":
    main()
