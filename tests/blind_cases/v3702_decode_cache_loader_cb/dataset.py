"""Synthetic 'encoded image' records decoded on access with random augmentation."""
import random

import torch
from torch.utils.data import Dataset

from cache import DecodeCache


class EncodedImageDataset(Dataset):
    def __init__(self, num_records, size=8, cache_capacity=32, seed=0):
        g = torch.Generator().manual_seed(seed)
        self.records = [torch.randint(0, 256, (3 * size * size,), dtype=torch.uint8, generator=g)
                        for _ in range(num_records)]
        self.labels = [int(t.sum()) % 4 for t in self.records]
        self.size = size
        self.rng = random.Random(seed)
        self.cache = DecodeCache(self._decode_record, capacity=cache_capacity)  # cycle

    def _decode_record(self, idx):
        raw = self.records[idx].float().div_(255.0)
        return raw.view(3, self.size, self.size)

    def _augment(self, img):
        if self.rng.random() < 0.5:
            img = img.flip(-1)
        return (img - 0.5) / 0.25

    def __len__(self):
        return len(self.records)

    def __getitem__(self, idx):
        img = self.cache.get(idx)
        return self._augment(img), self.labels[idx]
