"""Thread-based prefetching loader with per-worker augmentation streams."""
from concurrent.futures import ThreadPoolExecutor

import torch

from workers import WorkerState


class PrefetchLoader:
    def __init__(self, features, labels, batch_size=16, num_threads=2, seed=0, jitter=0.05):
        self.features = features
        self.labels = labels
        self.batch_size = batch_size
        self.feature_dim = features.shape[1]
        self.num_threads = num_threads
        self.seed = seed
        self.jitter = jitter
        self.epoch = 0
        self._state = WorkerState(self)  # cycle

    def __len__(self):
        return (len(self.labels) + self.batch_size - 1) // self.batch_size

    def _collate(self, indices):
        state = self._state
        out = state.staging_for(len(indices))
        torch.index_select(self.features, 0, torch.tensor(indices), out=out)
        noise = torch.randn(out.shape, generator=state.rng) * self.jitter
        state.batches += 1
        return out + noise, self.labels[indices]

    def _batches(self):
        g = torch.Generator().manual_seed(self.seed + self.epoch)
        order = torch.randperm(len(self.labels), generator=g).tolist()
        return [order[i:i + self.batch_size] for i in range(0, len(order), self.batch_size)]

    def epoch_batches(self):
        with ThreadPoolExecutor(self.num_threads, thread_name_prefix="prefetch") as pool:
            batches = list(pool.map(self._collate, self._batches()))
        self.epoch += 1
        return batches
