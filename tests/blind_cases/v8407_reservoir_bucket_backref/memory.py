"""Class-balanced reservoir memory for experience replay (CBRS-style eviction)."""
import random
from collections import defaultdict
from dataclasses import dataclass, field

import torch


@dataclass(eq=False)
class Exemplar:
    x: torch.Tensor
    y: int
    task: int
    bucket: list = field(default=None, repr=False)


class ClassBalancedReservoir:
    def __init__(self, capacity, seed=0):
        self.capacity = capacity
        self.items = []
        self.by_class = defaultdict(list)
        self.seen_per_class = defaultdict(int)
        self.rng = random.Random(seed)

    def __len__(self):
        return len(self.items)

    def add(self, x, y, task):
        y = int(y)
        self.seen_per_class[y] += 1
        ex = Exemplar(x.detach().clone(), y, task)
        if len(self.items) < self.capacity:
            self._insert(ex)
            return
        largest = max(self.by_class.values(), key=len)
        if self.by_class[y] is not largest:
            self._evict(self.rng.choice(largest))
            self._insert(ex)
        elif self.rng.random() < len(largest) / self.seen_per_class[y]:
            self._evict(self.rng.choice(largest))
            self._insert(ex)

    def _insert(self, ex):
        bucket = self.by_class[ex.y]
        bucket.append(ex)  # cycle
        ex.bucket = bucket  # cycle
        self.items.append(ex)

    def _evict(self, ex):
        ex.bucket.remove(ex)
        self.items.remove(ex)

    def sample(self, n):
        batch = self.rng.sample(self.items, min(n, len(self.items)))
        return torch.stack([ex.x for ex in batch]), torch.tensor([ex.y for ex in batch])

    def class_histogram(self):
        return {c: len(b) for c, b in sorted(self.by_class.items())}
