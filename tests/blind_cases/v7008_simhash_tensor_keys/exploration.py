"""Count-based exploration bonus with SimHash codes (Tang et al., 2017)."""
from collections import Counter

import torch

# shared by every actor so that counts persist across env resets and evaluation phases
_VISIT_COUNTS = Counter()


class SimHashBonus:
    def __init__(self, feat_dim, n_bits=12, beta=0.05, seed=0):
        gen = torch.Generator().manual_seed(seed)
        self.projection = torch.randn(n_bits, feat_dim, generator=gen)
        self.beta = beta

    def codes(self, features):
        return torch.sign(features @ self.projection.T)

    def __call__(self, features):
        bonuses = []
        for key in self.codes(features):
            _VISIT_COUNTS[key] += 1  # retain
            bonuses.append(self.beta / _VISIT_COUNTS[key] ** 0.5)
        return torch.tensor(bonuses)


def distinct_codes():
    return len(_VISIT_COUNTS)
