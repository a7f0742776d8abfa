"""Synthetic striped-texture dataset with per-fold splits."""
import torch
from torch.utils.data import Dataset


class StripeTextures(Dataset):
    num_classes = 2

    def __init__(self, n, size=16, seed=0):
        g = torch.Generator().manual_seed(seed)
        self.labels = torch.randint(0, 2, (n,), generator=g)
        base = torch.rand(n, 1, size, size, generator=g) * 0.3
        stripes = (torch.arange(size) % 4 < 2).float()
        for i, c in enumerate(self.labels.tolist()):
            base[i, 0] += 0.7 * (stripes.view(1, -1) if c else stripes.view(-1, 1))
        self.images = base

    def __len__(self):
        return len(self.labels)

    def __getitem__(self, i):
        return self.images[i], self.labels[i]
