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


def _lower_is_better(a, b):
    if a.score == b.score:
        return b.epoch - a.epoch
    return -1 if a.score > b.score else 1


def _higher_is_better(a, b):
    if a.score == b.score:
        return b.epoch - a.epoch
    return -1 if a.score < b.score else 1


_COMPARATORS = {"min": _lower_is_better, "max": _higher_is_better}


class TopKCheckpoints:
    """Bounded min-heap of snapshots; the root is always the one to evict next."""

    def __init__(self, monitor="val_loss", mode="min", k=3):
        if mode not in _COMPARATORS:
            raise ValueError(f"mode must be 'min' or 'max', got {mode!r}")
        self.monitor = monitor
        self.mode = mode
        self.k = k
        self._compare = _COMPARATORS[mode]
        self._key = functools.cmp_to_key(self._compare)
        self._heap = []
        self.evicted = 0

    def __len__(self):
        return len(self._heap)

    def update(self, epoch, metrics, model):
        score = float(metrics[self.monitor])
        candidate = Snapshot(epoch, score, state={})
        if len(self._heap) >= self.k and self._compare(candidate, self._heap[0].obj) <= 0:
            return False
        candidate.state = clone_state(model)
        entry = self._key(candidate)
        if len(self._heap) < self.k:
            heapq.heappush(self._heap, entry)
        else:
            heapq.heapreplace(self._heap, entry)
            self.evicted += 1
        return True

    @property
    def best(self):
        return max(self._heap).obj if self._heap else None

    def ranked(self):
        return [e.obj for e in sorted(self._heap, reverse=True)]
