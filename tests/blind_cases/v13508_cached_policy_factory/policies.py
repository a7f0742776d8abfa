"""Named augmentation policies; 'worst_of_k' picks, per sample, the candidate view the model finds hardest."""
import functools
import random

import torch
import torch.nn.functional as F

POLICY_TABLE = {
    "light": {"k": 2, "noise": 0.05, "max_shift": 1},
    "worst_of_k": {"k": 4, "noise": 0.15, "max_shift": 3},
}


class WorstOfKPolicy:
    def __init__(self, k, noise, max_shift, seed=0):
        self.k = k
        self.noise = noise
        self.max_shift = max_shift
        self.rng = random.Random(seed)
        self.scorer = None

    def bind_model(self, model):
        self.scorer = model  # retain

    def _candidate(self, x):
        shift = self.rng.randint(-self.max_shift, self.max_shift)
        return torch.roll(x, shifts=shift, dims=-1) + self.noise * torch.randn_like(x)

    @torch.no_grad()
    def __call__(self, x, y):
        views = torch.stack([self._candidate(x) for _ in range(self.k)])
        if self.scorer is None:
            return views[0]
        was_training = self.scorer.training
        self.scorer.eval()
        losses = torch.stack([F.cross_entropy(self.scorer(v), y, reduction="none") for v in views])
        self.scorer.train(was_training)
        pick = losses.argmax(dim=0)
        return views[pick, torch.arange(x.size(0))]


@functools.lru_cache(maxsize=None)  # retain
def get_policy(name):
    return WorstOfKPolicy(**POLICY_TABLE[name])
