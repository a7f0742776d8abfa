"""Imbalanced toy classification data with a minority of hard (noisy) samples."""
import torch
from torch.utils.data import DataLoader, TensorDataset


def make_loader(n=256, dim=12, num_classes=3, batch_size=32, seed=0):
    g = torch.Generator().manual_seed(seed)
    centers = torch.randn(num_classes, dim, generator=g) * 2.0
    y = torch.randint(0, num_classes, (n,), generator=g)
    x = centers[y] + torch.randn(n, dim, generator=g)
    flip = torch.rand(n, generator=g) < 0.1
    y = torch.where(flip, (y + 1) % num_classes, y)
    return DataLoader(TensorDataset(x, y), batch_size=batch_size, shuffle=True, generator=g)
