"""Feature augmentation executed on a per-epoch thread pool with seeded worker generators."""
import threading
from concurrent.futures import ThreadPoolExecutor

import torch
import torch.nn as nn


class MixupNoise(nn.Module):
    def __init__(self, sigma=0.05, alpha=0.2):
        super().__init__()
        self.sigma = sigma
        self.alpha = alpha

    def forward(self, x, partner, generator):
        lam = float(torch.rand((), generator=generator)) * self.alpha
        return (1 - lam) * x + lam * partner + self.sigma * torch.randn(x.shape, generator=generator)


class EpochAugmenter:
    """Builds an augmented copy of the dataset for one epoch; worker threads seed themselves."""

    def __init__(self, features, labels, workers=2, seed=0):
        self.features = features
        self.labels = labels
        self.workers = workers
        self.seed = seed
        self.transform = MixupNoise()
        self._generators = {}
        self._lock = threading.Lock()

    def _init_worker(self, epoch):
        with self._lock:
            rank = len(self._generators)
            self._generators[threading.get_ident()] = torch.Generator().manual_seed(
                (self.seed * 1000 + epoch) * 8 + rank)

    def _augment(self, index):
        gen = self._generators[threading.get_ident()]
        partner = int(torch.randint(0, len(self.labels), (1,), generator=gen))
        return self.transform(self.features[index], self.features[partner], gen)

    def epoch(self, epoch):
        self._generators.clear()
        with ThreadPoolExecutor(self.workers, thread_name_prefix="augment",
                                initializer=self._init_worker, initargs=(epoch,)) as pool:
            rows = list(pool.map(self._augment, range(len(self.labels)), chunksize=8))
        self._generators.clear()
        return torch.stack(rows), self.labels
