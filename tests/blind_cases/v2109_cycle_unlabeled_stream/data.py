"""Datasets, batch container and loaders for a semi-supervised setup."""
from dataclasses import dataclass

import torch
from torch.utils.data import DataLoader, TensorDataset


@dataclass
class Batch:
    inputs: torch.Tensor
    targets: torch.Tensor = None
    indices: torch.Tensor = None

    def __len__(self):
        return self.inputs.size(0)


def collate(samples):
    columns = list(zip(*samples))
    inputs = torch.stack(columns[0])
    targets = torch.stack(columns[1]) if len(columns) > 2 else None
    indices = torch.stack(columns[-1])
    return Batch(inputs, targets, indices)


def make_loader(n, dim, labeled, batch_size, seed):
    g = torch.Generator().manual_seed(seed)
    x = torch.randn(n, dim, generator=g)
    idx = torch.arange(n)
    if labeled:
        y = (x[:, 0] > 0).long()
        ds = TensorDataset(x, y, idx)
    else:
        ds = TensorDataset(x, idx)
    return DataLoader(ds, batch_size=batch_size, shuffle=True, collate_fn=collate, generator=g)
