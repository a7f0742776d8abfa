"""Process-wide block of Gaussian noise shared by every ES worker (sampled by offset, never regenerated)."""
import torch


class SharedNoiseTable:
    def __init__(self, count, seed):
        gen = torch.Generator().manual_seed(seed)
        self.noise = torch.randn(count, generator=gen)

    def get(self, offset, dim):
        return self.noise[offset:offset + dim]

    def sample_offset(self, rng, dim):
        return rng.randrange(0, len(self.noise) - dim + 1)


NOISE = SharedNoiseTable(200_000, seed=123)
