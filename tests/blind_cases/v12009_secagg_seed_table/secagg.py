"""Pairwise additive masking for secure aggregation (no dropout recovery)."""
import hashlib
from dataclasses import dataclass

import torch


@dataclass(frozen=True)
class PairSeed:
    """Seed agreed by two clients: the lower id adds the mask, the higher id subtracts it."""

    low_cid: int
    high_cid: int
    seed: int
    scale: float

    def vector(self, numel):
        gen = torch.Generator().manual_seed(self.seed)
        return torch.randn(numel, generator=gen) * self.scale

    def sign_for(self, cid):
        return 1.0 if cid == self.low_cid else -1.0


def agree_seed(round_idx, cid_a, cid_b):
    digest = hashlib.sha256(f"{round_idx}:{cid_a}:{cid_b}".encode()).digest()
    return int.from_bytes(digest[:4], "little")


def setup_masks(clients, round_idx, scale=10.0):
    ordered = sorted(clients, key=lambda c: c.cid)
    pairs = 0
    for i, low in enumerate(ordered):
        for high in ordered[i + 1:]:
            pair = PairSeed(low.cid, high.cid, agree_seed(round_idx, low.cid, high.cid), scale)
            low.masks[high.cid] = pair
            high.masks[low.cid] = pair
            pairs += 1
    return pairs
