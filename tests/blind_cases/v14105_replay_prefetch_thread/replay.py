"""Reservoir rehearsal memory and a background thread that keeps replay batches ready."""
import queue
import threading

import torch


class RehearsalMemory:
    def __init__(self, capacity, in_dim, seed=0):
        self.capacity = capacity
        self.x = torch.zeros(capacity, in_dim)
        self.y = torch.zeros(capacity, dtype=torch.long)
        self.seen = 0
        self.lock = threading.Lock()
        self.gen = torch.Generator().manual_seed(seed)

    def __len__(self):
        return min(self.seen, self.capacity)

    def add(self, x, y):
        with self.lock:
            for xi, yi in zip(x, y):
                j = self.seen if self.seen < self.capacity else int(torch.randint(0, self.seen + 1, (1,), generator=self.gen))
                if j < self.capacity:
                    self.x[j] = xi
                    self.y[j] = yi
                self.seen += 1

    def sample(self, n):
        with self.lock:
            idx = torch.randint(0, len(self), (n,), generator=self.gen)
            return self.x[idx].clone(), self.y[idx].clone()


class ReplayPrefetcher:
    def __init__(self, memory, batch_size, depth=2):
        self.memory = memory
        self.batch_size = batch_size
        self.ready = queue.Queue(maxsize=depth)
        self.stop_event = threading.Event()
        self.thread = threading.Thread(target=self._fill, name="replay-prefetch", daemon=True)  # retain

    def _fill(self):
        while not self.stop_event.is_set():
            self.ready.put(self.memory.sample(self.batch_size))

    def __enter__(self):
        self.thread.start()  # retain
        return self

    def __exit__(self, *exc):
        self.stop_event.set()
        self.thread.join(timeout=0.2)
        return False

    def get(self):
        return self.ready.get()
