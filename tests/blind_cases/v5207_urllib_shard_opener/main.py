"""Trains a tabular classifier from shards published to an in-memory shard store."""
import torch
import torch.nn as nn
from torch.utils.data import DataLoader

from data import UrlShardDataset
from shards import ShardStore, enable_shard_urls

CFG = {"n_shards": 4, "shard_size": 32, "dim": 10, "classes": 3, "epochs": 2, "batch_size": 16}


def publish_shards(store, split, cfg, seed):
    gen = torch.Generator().manual_seed(seed)
    for i in range(cfg["n_shards"]):
        x = torch.randn(cfg["shard_size"], cfg["dim"], generator=gen)
        y = (x[:, 0] > 0).long() + (x[:, 1] > 1).long()
        store.put(f"{split}/{i:05d}", {"x": x, "y": y})


def main():
    store = ShardStore()
    publish_shards(store, "train", CFG, seed=0)
    enable_shard_urls(store)
    dataset = UrlShardDataset(["shard://" + k for k in store.keys("train")])
    loader = DataLoader(dataset, batch_size=CFG["batch_size"])
    model = nn.Sequential(nn.Linear(CFG["dim"], 32), nn.ReLU(), nn.Linear(32, CFG["classes"]))
    opt = torch.optim.Adam(model.parameters(), lr=1e-2)
    for epoch in range(CFG["epochs"]):
        dataset.set_epoch(epoch)
        total, batches = 0.0, 0
        for x, y in loader:
            loss = nn.functional.cross_entropy(model(x), y)
            opt.zero_grad()
            loss.backward()
            opt.step()
            total, batches = total + loss.item(), batches + 1
        print(f"epoch {epoch}: loss={total / batches:.3f}")


if __name__ == "__main__":
    main()
