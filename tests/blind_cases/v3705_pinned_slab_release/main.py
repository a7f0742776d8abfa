"""Regression trainer that stages each batch through a reusable buffer pool."""
import torch
import torch.nn as nn
from torch.utils.data import DataLoader, TensorDataset

from pinned import StagingPool


class StagedLoader:
    def __init__(self, loader, pool):
        self.loader = loader
        self.pool = pool

    def __iter__(self):
        for x, y in self.loader:
            sx, sy = self.pool.stage(x), self.pool.stage(y)
            yield sx.data, sy.data
            sx.release()
            sy.release()


def make_loader(seed):
    g = torch.Generator().manual_seed(seed)
    x = torch.randn(48, 6, generator=g)
    y = x @ torch.randn(6, 1, generator=g) + 0.1 * torch.randn(48, 1, generator=g)
    return DataLoader(TensorDataset(x, y), batch_size=12, shuffle=True, drop_last=True)


def fit(seed, epochs=2):
    model = nn.Sequential(nn.Linear(6, 16), nn.ReLU(), nn.Linear(16, 1))
    opt = torch.optim.Adam(model.parameters(), lr=1e-2)
    staged = StagedLoader(make_loader(seed), StagingPool())
    for _ in range(epochs):
        for x, y in staged:
            loss = nn.functional.mse_loss(model(x), y)
            opt.zero_grad()
            loss.backward()
            opt.step()
    return staged.pool.nbytes


def main():
    for seed in range(3):
        fit(seed)


if __name__ == "__main__":
    main()
