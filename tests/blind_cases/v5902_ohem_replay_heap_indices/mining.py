"""Online hard-example mining: remember which samples were hardest and replay them."""
import heapq
import itertools
import random


class HardIndexReplay:
    """Bounded min-heap of (loss, tiebreak, dataset index); the root is the easiest kept."""

    def __init__(self, capacity, seed=0):
        self.capacity = capacity
        self._heap = []
        self._tiebreak = itertools.count()
        self._rng = random.Random(seed)

    def __len__(self):
        return len(self._heap)

    @property
    def threshold(self):
        return self._heap[0][0] if self._heap else float("-inf")

    def offer(self, losses, indices):
        for loss, idx in zip(losses.detach().tolist(), indices.tolist()):
            entry = (loss, next(self._tiebreak), idx)
            if len(self._heap) < self.capacity:
                heapq.heappush(self._heap, entry)
            elif loss > self._heap[0][0]:
                heapq.heapreplace(self._heap, entry)

    def sample(self, k):
        return [e[2] for e in self._rng.sample(self._heap, min(k, len(self._heap)))]


# one replay buffer for the whole process, so that evaluation scripts can inspect it
REPLAY = HardIndexReplay(capacity=24)
