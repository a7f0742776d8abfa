"""Augmenting sample decoder that fans work out to a small thread pool."""
import threading
from concurrent.futures import ThreadPoolExecutor

import torch
import torch.nn as nn


class RandomCropNoise(nn.Module):
    def __init__(self, size, sigma):
        super().__init__()
        self.size = size
        self.sigma = sigma

    def forward(self, x, generator):
        start = int(torch.randint(0, x.shape[-1] - self.size + 1, (1,), generator=generator))
        crop = x[..., start:start + self.size]
        return crop + self.sigma * torch.randn(crop.shape, generator=generator)


class ParallelDecoder:
    """Decodes and augments samples; each worker thread draws from its own seeded generator."""

    def __init__(self, signals, labels, crop=24, workers=2, seed=0):
        self.signals = signals
        self.labels = labels
        self.seed = seed
        self.augment = RandomCropNoise(crop, sigma=0.05)
        self._generators = {}
        self._lock = threading.Lock()
        self._pool = ThreadPoolExecutor(max_workers=workers, initializer=self._seed_worker)  # retain

    def _seed_worker(self):
        with self._lock:
            rank = len(self._generators)
            self._generators[threading.get_ident()] = torch.Generator().manual_seed(self.seed * 100 + rank)

    def _decode(self, index):
        gen = self._generators[threading.get_ident()]
        return self.augment(self.signals[index], gen), self.labels[index]

    def batches(self, batch_size, epoch):
        order = torch.randperm(len(self.labels), generator=torch.Generator().manual_seed(epoch)).tolist()
        for start in range(0, len(order), batch_size):
            samples = list(self._pool.map(self._decode, order[start:start + batch_size]))
            yield torch.stack([s for s, _ in samples]), torch.stack([y for _, y in samples])
