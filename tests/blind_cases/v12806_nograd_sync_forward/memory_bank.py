"""Process-wide cross-batch memory of item embeddings used as extra negatives."""
import torch


class CrossBatchMemory:
    def __init__(self, size, dim):
        self.size = size
        self.queue = torch.zeros(size, dim)
        self.filled = 0
        self.ptr = 0

    def enqueue(self, keys):
        n = keys.size(0)
        end = self.ptr + n
        if end <= self.size:
            self.queue[self.ptr:end] = keys
        else:
            split = self.size - self.ptr
            self.queue[self.ptr:] = keys[:split]
            self.queue[: n - split] = keys[split:]
        self.ptr = end % self.size
        self.filled = min(self.size, self.filled + n)

    def negatives(self):
        return self.queue[: self.filled].clone().detach()


MEMORY = CrossBatchMemory(size=96, dim=16)
