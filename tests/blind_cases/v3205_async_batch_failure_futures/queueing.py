"""asyncio request queue for a dynamic-batching worker."""
import asyncio
from collections import deque
from dataclasses import dataclass

import torch


@dataclass
class QueuedItem:
    request_id: int
    tensor: torch.Tensor
    future: asyncio.Future
    attempt: int = 0


class BatchQueue:
    def __init__(self):
        self._items = deque()
        self._next_id = 0

    def put(self, tensor, attempt=0):
        loop = asyncio.get_running_loop()
        self._next_id += 1
        item = QueuedItem(self._next_id, tensor, loop.create_future(), attempt)  # cycle
        self._items.append(item)
        return item.future

    def take(self, max_items):
        n = min(max_items, len(self._items))
        return [self._items.popleft() for _ in range(n)]  # cycle

    def __len__(self):
        return len(self._items)
