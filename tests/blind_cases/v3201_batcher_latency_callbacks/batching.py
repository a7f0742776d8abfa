"""Request queue that groups single-example requests into micro-batches."""
import itertools
import time
from concurrent.futures import Future
from dataclasses import dataclass, field
from typing import List

import torch


@dataclass
class PendingRequest:
    request_id: int
    inputs: torch.Tensor
    enqueued_at: float
    future: Future = field(default_factory=Future)

    @property
    def age(self) -> float:
        return time.perf_counter() - self.enqueued_at


class MicroBatcher:
    def __init__(self, max_batch_size=8, max_wait_s=0.002):
        self.max_batch_size = max_batch_size
        self.max_wait_s = max_wait_s
        self._queue: List[PendingRequest] = []
        self._ids = itertools.count()

    def enqueue(self, inputs):
        req = PendingRequest(next(self._ids), inputs, time.perf_counter())  # cycle
        self._queue.append(req)
        return req

    def ready(self):
        if not self._queue:
            return False
        return len(self._queue) >= self.max_batch_size or self._queue[0].age >= self.max_wait_s

    def drain(self):
        batch, self._queue = self._queue[: self.max_batch_size], self._queue[self.max_batch_size:]
        return batch

    def __len__(self):
        return len(self._queue)
