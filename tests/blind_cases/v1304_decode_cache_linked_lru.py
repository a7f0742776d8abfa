"""Audio-feature dataset with a bounded least-recently-used cache of decoded clips."""
import math

import torch
import torch.nn as nn
from torch.utils.data import DataLoader, Dataset


class _Entry:
    __slots__ = ("key", "value", "prev", "next")

    def __init__(self, key=None, value=None):
        self.key = key
        self.value = value
        self.prev = None
        self.next = None


class DecodeCache:
    """O(1) LRU cache: a dict index over a circular doubly-linked recency list."""

    def __init__(self, capacity):
        self.capacity = capacity
        self.hits = 0
        self.misses = 0
        self._index = {}
        self._root = _Entry()
        self._root.prev = self._root.next = self._root  # cycle

    def __len__(self):
        return len(self._index)

    def _unlink(self, entry):
        entry.prev.next = entry.next  # cycle
        entry.next.prev = entry.prev  # cycle

    def _push_front(self, entry):
        first = self._root.next
        entry.prev = self._root  # cycle
        entry.next = first  # cycle
        first.prev = entry  # cycle
        self._root.next = entry  # cycle

    def get_or_decode(self, key, decode):
        entry = self._index.get(key)
        if entry is not None:
            self.hits += 1
            self._unlink(entry)
            self._push_front(entry)
            return entry.value
        self.misses += 1
        entry = _Entry(key, decode(key))
        self._index[key] = entry
        self._push_front(entry)
        if len(self._index) > self.capacity:
            oldest = self._root.prev
            self._unlink(oldest)
            del self._index[oldest.key]
        return entry.value


class ClipDataset(Dataset):
    def __init__(self, n_clips, clip_len=400, n_bins=16, cache_size=12):
        self.n_clips = n_clips
        self.clip_len = clip_len
        self.n_bins = n_bins
        self.cache = DecodeCache(cache_size)
        self.labels = torch.randint(0, 4, (n_clips,))

    def __len__(self):
        return self.n_clips

    def _decode(self, idx):
        t = torch.arange(self.clip_len, dtype=torch.float32) / self.clip_len
        freq = 3 + (idx % 7)
        wave = torch.sin(2 * math.pi * freq * t) + 0.05 * torch.randn(self.clip_len)
        frames = wave.unfold(0, 40, 20)
        return frames.abs().reshape(frames.shape[0], -1)[:, : self.n_bins].mean(dim=0)

    def __getitem__(self, idx):
        feats = self.cache.get_or_decode(int(idx), self._decode)
        return feats, self.labels[idx]


def run_fold(fold, epochs=3):
    torch.manual_seed(fold)
    dataset = ClipDataset(n_clips=20)
    loader = DataLoader(dataset, batch_size=5, shuffle=True)
    model = nn.Sequential(nn.Linear(16, 24), nn.ReLU(), nn.Linear(24, 4))
    opt = torch.optim.Adam(model.parameters(), lr=3e-3)
    for _ in range(epochs):
        for feats, labels in loader:
            loss = nn.functional.cross_entropy(model(feats), labels)
            opt.zero_grad()
            loss.backward()
            opt.step()
    return dataset.cache.hits / max(1, dataset.cache.hits + dataset.cache.misses)


def main():
    hit_rates = [run_fold(fold) for fold in range(2)]
    return hit_rates


if __name__ == "__main__":
    main()
