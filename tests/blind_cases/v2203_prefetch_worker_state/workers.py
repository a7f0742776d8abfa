"""Per-thread state for the prefetching loader's decode threads."""
import threading

import torch


class WorkerState(threading.local):
    """Each decode thread gets its own RNG stream and a reusable staging buffer."""

    def __init__(self, loader):
        ident = threading.get_ident() % 7919
        self.rng = torch.Generator().manual_seed(loader.seed * 7919 + ident)
        self.staging = torch.empty(loader.batch_size, loader.feature_dim)
        self.batches = 0

    def staging_for(self, n):
        if self.staging.shape[0] < n:
            self.staging = torch.empty(n, self.staging.shape[1])
        return self.staging[:n]
