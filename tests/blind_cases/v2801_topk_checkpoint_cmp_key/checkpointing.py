"""Keeps the k best weight snapshots of a run, ranked by a monitored validation metric."""
import functools
import heapq
from dataclasses import dataclass, field

import torch


@dataclass
class Snapshot:
    epoch: int
    score: float
    state: dict = field(repr=False)


def clone_state(model):
    return {k: v.detach().clone() for k, v in model.state_dict().items()}


class TopKCheckpoints:
    """Bounded min-heap of snapshots; the root is always the one to evict next."""

    def __init__(self, monitor="val_loss", mode="min", k=3):
        if mode not in ("min", "max"):
            raise ValueError(f"mode must be 'min' or 'max', got {mode!r}")
        self.monitor = monitor
        self.mode = mode
        self.k = k
        self._key = functools.cmp_to_key(self._compare)  # cycle
        self._heap = []  # cycle
        self.evicted = 0

    def _compare(self, a, b):
        if a.score == b.score:
            return b.epoch - a.epoch
        a_worse = a.score > b.score if self.mode == "min" else a.score < b.score
        return -1 if a_worse else 1

    def __len__(self):
        return len(self._heap)

    def update(self, epoch, metrics, model):
        score = float(metrics[self.monitor])
        candidate = Snapshot(epoch, score, state={})
        if len(self._heap) >= self.k and self._compare(candidate, self._heap[0].obj) <= 0:
            return False
        candidate.state = clone_state(model)
        entry = self._key(candidate)  # cycle
        if len(self._heap) < self.k:
            heapq.heappush(self._heap, entry)  # cycle
        else:
            heapq.heapreplace(self._heap, entry)  # cycle
            self.evicted += 1
        return True

    @property
    def best(self):
        return max(self._heap).obj if self._heap else None

    def ranked(self):
        return [e.obj for e in sorted(self._heap, reverse=True)]
