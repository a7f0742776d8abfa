"""Synthetic two-blob image dataset and the fold splitter used by the CV driver."""
import torch
from torch.utils.data import Dataset


class BlobImages(Dataset):
    def __init__(self, indices, num_classes=3, size=16, seed=0):
        g = torch.Generator().manual_seed(seed)
        self.indices = list(indices)
        self.num_classes = num_classes
        self.images = torch.rand(len(self.indices), 3, size, size, generator=g) * 0.2
        self.labels = torch.randint(0, num_classes, (len(self.indices),), generator=g)
        for i, c in enumerate(self.labels.tolist()):
            self.images[i, c % 3, 4:12, 4:12] += 0.8

    def __len__(self):
        return len(self.indices)

    def __getitem__(self, i):
        return self.images[i], self.labels[i]


def kfold(n, k):
    fold = n // k
    for f in range(k):
        val = list(range(f * fold, (f + 1) * fold))
        train = [i for i in range(n) if i not in set(val)]
        yield f, train, val
