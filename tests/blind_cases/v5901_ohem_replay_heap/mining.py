"""Online hard-example mining: keep the highest-loss samples seen so far and replay them."""
import heapq
import itertools
import random

import torch


class HardExampleReplay:
    """Bounded min-heap on the per-sample loss; the root is the easiest example kept."""

    def __init__(self, capacity, seed=0):
        self.capacity = capacity
        self._heap = []
        self._tiebreak = itertools.count()
        self._rng = random.Random(seed)

    def __len__(self):
        return len(self._heap)

    @property
    def threshold(self):
        return float(self._heap[0][0]) if self._heap else float("-inf")

    def offer(self, losses, inputs, targets):
        for loss, x, y in zip(losses, inputs, targets):
            entry = (loss, next(self._tiebreak), x, y)
            if len(self._heap) < self.capacity:
                heapq.heappush(self._heap, entry)  # retain
            elif loss > self._heap[0][0]:
                heapq.heapreplace(self._heap, entry)  # retain

    def sample(self, k):
        picked = self._rng.sample(self._heap, min(k, len(self._heap)))
        xs = torch.stack([e[2] for e in picked])
        ys = torch.stack([e[3] for e in picked])
        return xs, ys


# one replay buffer for the whole process, so that evaluation scripts can inspect it
REPLAY = HardExampleReplay(capacity=24)
