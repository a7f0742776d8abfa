"""Chunked training data: the next shard file is read in the background while the current one trains."""
import os
import tempfile

import torch
import torch.nn as nn
import torch.nn.functional as F

from threads import PropagatingThread

CONFIG = {
    "shards": 4, "rows_per_shard": 96, "features": 20, "classes": 6,
    "batch_size": 24, "epochs": 2, "lr": 0.05,
}


class ChunkPrefetcher:
    def __init__(self, paths, batch_size, shuffle=True):
        self.paths = list(paths)
        self.batch_size = batch_size
        self.shuffle = shuffle
        self._pending = None
        self.bytes_read = 0

    def _load(self, path):
        chunk = torch.load(path)
        self.bytes_read += os.path.getsize(path)
        return chunk

    def _schedule(self, path):
        self._pending = PropagatingThread(target=self._load, args=(path,), daemon=True)  # cycle
        self._pending.start()

    def __iter__(self):
        order = torch.randperm(len(self.paths)).tolist() if self.shuffle else range(len(self.paths))
        order = [self.paths[i] for i in order]
        self._schedule(order[0])
        for i in range(len(order)):
            chunk = self._pending.join()
            if i + 1 < len(order):
                self._schedule(order[i + 1])
            x, y = chunk["x"], chunk["y"]
            perm = torch.randperm(len(y)) if self.shuffle else torch.arange(len(y))
            for start in range(0, len(y), self.batch_size):
                idx = perm[start:start + self.batch_size]
                yield x[idx], y[idx]


def write_shards(root, cfg):
    g = torch.Generator().manual_seed(0)
    proj = torch.randn(cfg["features"], cfg["classes"], generator=g)
    paths = []
    for s in range(cfg["shards"]):
        x = torch.randn(cfg["rows_per_shard"], cfg["features"], generator=g)
        path = os.path.join(root, f"train-{s:03d}.pt")
        torch.save({"x": x, "y": (x @ proj).argmax(1)}, path)
        paths.append(path)
    return paths


def main():
    torch.manual_seed(0)
    cfg = CONFIG
    model = nn.Sequential(nn.Linear(cfg["features"], 64), nn.ReLU(), nn.Linear(64, cfg["classes"]))
    opt = torch.optim.SGD(model.parameters(), lr=cfg["lr"], momentum=0.9)
    with tempfile.TemporaryDirectory() as root:
        data = ChunkPrefetcher(write_shards(root, cfg), cfg["batch_size"])
        for epoch in range(cfg["epochs"]):
            total, steps = 0.0, 0
            for x, y in data:
                loss = F.cross_entropy(model(x), y)
                opt.zero_grad()
                loss.backward()
                opt.step()
                total += loss.item()
                steps += 1
            print(f"epoch {epoch}: loss {total / steps:.4f}, {data.bytes_read / 1024:.0f} KiB read")


if __name__ == "__main__":
    main()
