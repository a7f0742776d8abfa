"""Write a few shards, then train on the train split and evaluate on the val split, per epoch."""
import torch
import torch.nn as nn
from torch.utils.data import DataLoader

from shards import ShardedDataset, ShardStore

SPLITS = {"train": 4, "val": 1}
ROWS_PER_SHARD = 24


def write_splits(store, n_features=12):
    gen = torch.Generator().manual_seed(0)
    for split, n_shards in SPLITS.items():
        for i in range(n_shards):
            x = torch.randn(ROWS_PER_SHARD, n_features, generator=gen)
            y = (x[:, :4].sum(dim=1) > 0).long()
            store.write("%s-%05d.pt" % (split, i), x, y)


def evaluate(model, loader):
    correct = total = 0
    with torch.no_grad():
        for x, y in loader:
            correct += (model(x).argmax(dim=1) == y).sum().item()
            total += len(y)
    return correct / total


def main():
    store = ShardStore()
    write_splits(store)
    model = nn.Sequential(nn.Linear(12, 32), nn.ReLU(), nn.Linear(32, 2))
    opt = torch.optim.Adam(model.parameters(), lr=2e-3)
    history = []
    for epoch in range(2):
        train_loader = DataLoader(ShardedDataset(store, "train"), batch_size=16, shuffle=False)
        val_loader = DataLoader(ShardedDataset(store, "val"), batch_size=32)
        model.train()
        for x, y in train_loader:
            loss = nn.functional.cross_entropy(model(x), y)
            opt.zero_grad()
            loss.backward()
            opt.step()
        model.eval()
        history.append(evaluate(model, val_loader))
    return history


if __name__ == "__main__":
    main()
