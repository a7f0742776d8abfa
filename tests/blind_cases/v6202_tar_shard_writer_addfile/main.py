"""Preprocess a toy regression set into tar shards, then train from the shards."""
import tempfile

import torch
import torch.nn as nn
from torch.utils.data import DataLoader

from shards import ShardWriter, TarShardDataset

CONFIG = {"samples": 24, "in_dim": 6, "shard_size": 8, "batch_size": 6, "epochs": 2, "lr": 0.05}


def preprocess(root, cfg):
    g = torch.Generator().manual_seed(0)
    w_true = torch.randn(cfg["in_dim"], 1, generator=g)
    writer = ShardWriter(root, maxcount=cfg["shard_size"])
    for i in range(cfg["samples"]):
        x = torch.randn(cfg["in_dim"], generator=g)
        writer.write("%06d" % i, {"x": x, "y": x @ w_true})
    return writer.close()


def train(shards, cfg):
    model = nn.Sequential(nn.Linear(cfg["in_dim"], 16), nn.Tanh(), nn.Linear(16, 1))
    opt = torch.optim.SGD(model.parameters(), lr=cfg["lr"])
    loader = DataLoader(TarShardDataset(shards), batch_size=cfg["batch_size"])
    for epoch in range(cfg["epochs"]):
        total = 0.0
        for x, y in loader:
            loss = nn.functional.mse_loss(model(x), y)
            opt.zero_grad()
            loss.backward()
            opt.step()
            total += loss.item()
        print("epoch %d loss %.4f" % (epoch, total))


def main():
    with tempfile.TemporaryDirectory() as root:
        shards = preprocess(root, CONFIG)
        train(shards, CONFIG)


if __name__ == "__main__":
    main()
