"""Synthetic training split that also remembers each sample's adversarial perturbation
(accumulated adversarial training, Zheng et al. 2020)."""
import torch
from torch.utils.data import Dataset


class PerturbationMemoryDataset(Dataset):
    def __init__(self, n, dim, classes, seed=0):
        g = torch.Generator().manual_seed(seed)
        self.x = torch.randn(n, dim, generator=g)
        proj = torch.randn(dim, classes, generator=g)
        self.y = (self.x @ proj).argmax(dim=1)
        self.delta = torch.zeros(n, dim)

    def __len__(self):
        return self.x.size(0)

    def __getitem__(self, index):
        return self.x[index], self.y[index], index

    def initial_delta(self, index):
        return self.delta[index].clone()

    def store_delta(self, index, delta):
        self.delta[index] = delta  # retain

    def mean_perturbation(self):
        return self.delta.abs().mean().item()


TRAIN_SET = PerturbationMemoryDataset(n=96, dim=16, classes=4, seed=0)
