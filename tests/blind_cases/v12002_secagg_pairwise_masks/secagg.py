"""Pairwise additive masking for secure aggregation (no dropout recovery)."""
import hashlib

import torch


class PairwiseMask:
    """Mask shared by two clients: the lower id adds it, the higher id subtracts it."""

    def __init__(self, low, high, seed, scale):
        self.low = low  # cycle
        self.high = high  # cycle
        self.seed = seed
        self.scale = scale

    def vector(self, numel):
        gen = torch.Generator().manual_seed(self.seed)
        return torch.randn(numel, generator=gen) * self.scale

    def sign_for(self, client):
        return 1.0 if client is self.low else -1.0


def agree_seed(round_idx, cid_a, cid_b):
    digest = hashlib.sha256(f"{round_idx}:{cid_a}:{cid_b}".encode()).digest()
    return int.from_bytes(digest[:4], "little")


def setup_masks(clients, round_idx, scale=10.0):
    ordered = sorted(clients, key=lambda c: c.cid)
    pairs = 0
    for i, low in enumerate(ordered):
        for high in ordered[i + 1:]:
            seed = agree_seed(round_idx, low.cid, high.cid)
            mask = PairwiseMask(low, high, seed, scale)
            low.masks[high.cid] = mask  # cycle
            high.masks[low.cid] = mask  # cycle
            pairs += 1
    return pairs
