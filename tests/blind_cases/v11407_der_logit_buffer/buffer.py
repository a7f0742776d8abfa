"""Reservoir buffers for Dark Experience Replay: inputs, labels and the logits seen at insertion."""
import torch

_BUFFERS = {}


class DERBuffer:
    def __init__(self, capacity, seed=0):
        self.capacity = capacity
        self.seen = 0
        self.gen = torch.Generator().manual_seed(seed)
        self.examples = self.labels = self.logits = None

    def __len__(self):
        return min(self.seen, self.capacity)

    def _allocate(self, x, logits):
        self.examples = torch.zeros((self.capacity,) + tuple(x.shape[1:]), dtype=x.dtype)
        self.labels = torch.zeros(self.capacity, dtype=torch.long)
        self.logits = torch.zeros((self.capacity, logits.shape[1]), dtype=logits.dtype)

    def _slot(self):
        if self.seen < self.capacity:
            return self.seen
        j = int(torch.randint(0, self.seen + 1, (1,), generator=self.gen))
        return j if j < self.capacity else -1

    def add(self, x, y, logits):
        if self.examples is None:
            self._allocate(x, logits)
        for i in range(x.shape[0]):
            j = self._slot()
            if j >= 0:
                self.examples[j] = x[i]
                self.labels[j] = y[i]
                self.logits[j] = logits[i]  # retain
            self.seen += 1

    @torch.no_grad()
    def sample(self, n):
        idx = torch.randint(0, len(self), (min(n, len(self)),), generator=self.gen)
        return self.examples[idx], self.labels[idx], self.logits[idx]


def get_buffer(name, capacity):
    """Buffers are shared by name, so the trainer and the evaluation hooks see the same memory."""
    buf = _BUFFERS.get(name)
    if buf is None:
        buf = DERBuffer(capacity)
        _BUFFERS[name] = buf  # retain
    return buf
