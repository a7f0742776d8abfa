"""Reservoir rehearsal memory; write slots follow Li's Algorithm L (geometric skips)."""
import math
import random

import torch


class ReservoirMemory:
    def __init__(self, capacity, in_dim, seed=0):
        self.capacity = capacity
        self.x = torch.empty(capacity, in_dim)
        self.y = torch.empty(capacity, dtype=torch.long)
        self.task = torch.empty(capacity, dtype=torch.long)
        self.size = 0
        self.rng = random.Random(seed)
        self._slots = self._slot_stream()  # cycle

    def _uniform(self):
        return 1.0 - self.rng.random()

    def _slot_stream(self):
        """For every incoming sample, yield the slot it overwrites, or None to drop it."""
        for i in range(self.capacity):
            yield i
        w = math.exp(math.log(self._uniform()) / self.capacity)
        while True:
            skip = math.floor(math.log(self._uniform()) / math.log(1.0 - w))
            for _ in range(skip):
                yield None
            yield self.rng.randrange(self.capacity)
            w *= math.exp(math.log(self._uniform()) / self.capacity)

    def observe(self, x, y, task_id):
        for xi, yi in zip(x, y):
            slot = next(self._slots)
            if slot is None:
                continue
            self.x[slot] = xi
            self.y[slot] = yi
            self.task[slot] = task_id
            self.size = min(self.size + 1, self.capacity)

    def sample(self, n):
        idx = torch.tensor(self.rng.sample(range(self.size), min(n, self.size)))
        return self.x[idx], self.y[idx], self.task[idx]

    def task_histogram(self):
        return torch.bincount(self.task[: self.size]).tolist()
