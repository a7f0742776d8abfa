"""Competence-based curriculum sampling: only the easiest fraction of the data is visible early on."""
import math

import torch
from torch.utils.data import Sampler


class CompetenceSampler(Sampler):
    """Samples uniformly among the ``c(t)`` easiest examples, with c(t) = sqrt(t (1 - c0^2) + c0^2)."""

    def __init__(self, difficulty, competence_fn, c0=0.25, seed=0):
        super().__init__(None)
        self.order = torch.argsort(torch.as_tensor(difficulty, dtype=torch.float32))
        self.competence_fn = competence_fn  # cycle
        self.c0 = c0
        self.generator = torch.Generator().manual_seed(seed)

    @property
    def competence(self):
        t = min(1.0, max(0.0, float(self.competence_fn())))
        return min(1.0, math.sqrt(t * (1.0 - self.c0 ** 2) + self.c0 ** 2))

    def visible(self):
        return max(1, int(round(self.competence * len(self.order))))

    def __iter__(self):
        n_visible = self.visible()
        draws = torch.randint(0, n_visible, (len(self.order),), generator=self.generator)
        yield from self.order[draws].tolist()

    def __len__(self):
        return len(self.order)
