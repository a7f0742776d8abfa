"""Neighbour-smoothed regression: every sample is paired with its k nearest
neighbours from the training pool, looked up through a per-dataset cache."""
import functools

import torch
import torch.nn as nn
import torch.nn.functional as F
from torch.utils.data import DataLoader, Dataset


def _nearest(pool, index, k):
    query = pool.features[index]
    dist = torch.cdist(query.unsqueeze(0), pool.features).squeeze(0)
    dist[index] = float("inf")
    return tuple(dist.topk(k, largest=False).indices.tolist())


class NeighbourDataset(Dataset):
    def __init__(self, features, targets, k=4, cache_size=2048):
        self.features = features
        self.targets = targets
        self.k = k
        self._nearest = functools.lru_cache(maxsize=cache_size)(_nearest)  # cycle

    def __len__(self):
        return len(self.features)

    def __getitem__(self, index):
        nbrs = self._nearest(self, index, self.k)  # cycle
        context = self.targets[list(nbrs)].mean(dim=0)
        return self.features[index], context, self.targets[index]

    def cache_stats(self):
        info = self._nearest.cache_info()
        return info.hits, info.misses


class ResidualHead(nn.Module):
    def __init__(self, dim):
        super().__init__()
        self.net = nn.Sequential(nn.Linear(dim + 1, 32), nn.Tanh(), nn.Linear(32, 1))

    def forward(self, x, context):
        return context + self.net(torch.cat([x, context], dim=1))


def run_fold(fold, epochs=2):
    g = torch.Generator().manual_seed(fold)
    x = torch.randn(48, 5, generator=g)
    y = (x[:, :2].sum(dim=1, keepdim=True)).tanh()
    data = NeighbourDataset(x, y)
    loader = DataLoader(data, batch_size=12, shuffle=True, generator=g)
    model = ResidualHead(5)
    opt = torch.optim.Adam(model.parameters(), lr=1e-2)
    for _ in range(epochs):
        for xb, ctx, yb in loader:
            loss = F.mse_loss(model(xb, ctx), yb)
            opt.zero_grad()
            loss.backward()
            opt.step()
    return loss.item(), data.cache_stats()


def main():
    torch.manual_seed(0)
    for fold in range(3):
        loss, (hits, misses) = run_fold(fold)
        print("fold %d loss %.4f cache hits=%d misses=%d" % (fold, loss, hits, misses))


if __name__ == "__main__":
    main()
