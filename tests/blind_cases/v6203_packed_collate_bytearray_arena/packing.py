"""Sequence packing for EmbeddingBag models: variable-length token lists are written
into one flat int64 buffer per batch, with offsets marking where each sample starts."""
import torch


class StagingArena(bytearray):
    """Reusable host buffer that hands out int64 tensor views without copying."""

    def __init__(self, capacity):
        super().__init__(capacity * 8)
        self.capacity = capacity
        self.flat = torch.frombuffer(self, dtype=torch.int64)  # retain
        self.used = 0

    def reset(self):
        self.used = 0

    def alloc(self, n):
        if self.used + n > self.capacity:
            raise MemoryError("arena of %d tokens exhausted" % self.capacity)
        view = self.flat[self.used:self.used + n]
        self.used += n
        return view


class PackedCollator:
    """collate_fn that packs token lists; arenas are bucketed by power-of-two size."""

    def __init__(self, min_capacity=64):
        self.min_capacity = min_capacity
        self._arenas = {}

    def _arena_for(self, total):
        capacity = max(self.min_capacity, 1 << (total - 1).bit_length())
        arena = self._arenas.get(capacity)
        if arena is None:
            arena = self._arenas[capacity] = StagingArena(capacity)
        arena.reset()
        return arena

    def __call__(self, samples):
        total = sum(len(s["tokens"]) for s in samples)
        tokens = self._arena_for(total).alloc(total)
        offsets, pos = [], 0
        for s in samples:
            n = len(s["tokens"])
            tokens[pos:pos + n] = torch.as_tensor(s["tokens"], dtype=torch.int64)
            offsets.append(pos)
            pos += n
        labels = torch.tensor([s["label"] for s in samples])
        return tokens, torch.tensor(offsets), labels
