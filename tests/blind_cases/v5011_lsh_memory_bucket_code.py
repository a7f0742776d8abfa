"""Metric learning with hard negatives mined from a hashed memory of recent embeddings."""
from collections import OrderedDict
from dataclasses import dataclass

import torch
import torch.nn as nn
import torch.nn.functional as F


@dataclass(eq=False)
class MemoryEntry:
    sample_id: int
    label: int
    vector: torch.Tensor
    code: int


class HashedMemory:
    def __init__(self, dim, n_planes=3, capacity=32, seed=0):
        gen = torch.Generator().manual_seed(seed)
        self.planes = torch.randn(n_planes, dim, generator=gen)
        self.capacity = capacity
        self.buckets = {}
        self.entries = OrderedDict()

    def _code(self, vector):
        bits = (self.planes @ vector > 0).tolist()
        return sum(1 << i for i, bit in enumerate(bits) if bit)

    def add(self, sample_id, label, vector):
        if sample_id in self.entries:
            self.remove(sample_id)
        code = self._code(vector)
        entry = MemoryEntry(sample_id, label, vector.detach(), code)
        self.buckets.setdefault(code, []).append(entry)
        self.entries[sample_id] = entry
        while len(self.entries) > self.capacity:
            self.remove(next(iter(self.entries)))

    def remove(self, sample_id):
        entry = self.entries.pop(sample_id)
        bucket = self.buckets[entry.code]
        bucket.remove(entry)
        if not bucket:
            del self.buckets[entry.code]

    def hardest_negative(self, vector, label):
        candidates = [e for e in self.buckets.get(self._code(vector), []) if e.label != label]
        if not candidates:
            return None
        sims = torch.stack([e.vector for e in candidates]) @ vector.detach()
        return candidates[int(sims.argmax())].vector


class Embedder(nn.Module):
    def __init__(self, in_dim, dim):
        super().__init__()
        self.net = nn.Sequential(nn.Linear(in_dim, 32), nn.ReLU(), nn.Linear(32, dim))

    def forward(self, x):
        return F.normalize(self.net(x), dim=-1)


def triplet_with_memory(emb, labels, memory, margin=0.2):
    losses = []
    for i in range(len(labels)):
        same = (labels == labels[i]).nonzero().flatten()
        pos = emb[same[same != i][0]] if len(same) > 1 else emb[i].detach()
        neg = memory.hardest_negative(emb[i], int(labels[i]))
        if neg is None:
            continue
        losses.append(F.relu(margin - emb[i] @ pos + emb[i] @ neg))
    return torch.stack(losses).mean() if losses else emb.sum() * 0.0


def run(seed, steps=6, batch=8, in_dim=10, dim=8):
    gen = torch.Generator().manual_seed(seed)
    model = Embedder(in_dim, dim)
    opt = torch.optim.SGD(model.parameters(), lr=0.1)
    memory = HashedMemory(dim, seed=seed)
    for step in range(steps):
        x = torch.randn(batch, in_dim, generator=gen)
        labels = torch.randint(0, 3, (batch,), generator=gen)
        emb = model(x)
        loss = triplet_with_memory(emb, labels, memory)
        opt.zero_grad()
        loss.backward()
        opt.step()
        for j in range(batch):
            memory.add(step * batch + j, int(labels[j]), emb[j])
    return loss.item(), len(memory.entries)


def main():
    for seed in range(2):
        loss, size = run(seed)
        print(f"seed {seed}: loss {loss:.4f}, memory {size}")


if __name__ == "__main__":
    main()
