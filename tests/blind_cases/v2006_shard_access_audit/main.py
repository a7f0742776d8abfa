"""Sharded on-disk evaluation: every run writes its shards, evaluates, and records provenance."""
import os
import tempfile

import torch
import torch.nn as nn
from torch.utils.data import DataLoader, Dataset

from provenance import ShardAccessLog

RUNS = {"count": 3, "shards": 3, "rows_per_shard": 12, "dim": 8, "batch": 6}


class ShardedTensorDataset(Dataset):
    def __init__(self, paths, rows_per_shard):
        self.paths = list(paths)
        self.rows_per_shard = rows_per_shard
        self._loaded = (None, None)

    def __len__(self):
        return len(self.paths) * self.rows_per_shard

    def _shard(self, k):
        if self._loaded[0] != k:
            self._loaded = (k, torch.load(self.paths[k]))
        return self._loaded[1]

    def __getitem__(self, idx):
        shard = self._shard(idx // self.rows_per_shard)
        row = idx % self.rows_per_shard
        return shard["x"][row], shard["y"][row]


class EvalRun:
    def __init__(self, name, model, dataset, batch_size):
        self.name = name
        self.model = model
        self.loader = DataLoader(dataset, batch_size=batch_size)
        self.access = ShardAccessLog(self)

    def evaluate(self):
        self.model.eval()
        hits = total = 0
        with self.access, torch.no_grad():
            for x, y in self.loader:
                hits += int((self.model(x).argmax(-1) == y).sum())
                total += len(y)
        return hits / total, self.access.manifest()


def write_shards(root, run, cfg):
    paths = []
    for k in range(cfg["shards"]):
        path = os.path.join(root, "run%d-shard%d.pt" % (run, k))
        torch.save({"x": torch.randn(cfg["rows_per_shard"], cfg["dim"]),
                    "y": torch.randint(0, 3, (cfg["rows_per_shard"],))}, path)
        paths.append(path)
    return paths


def main():
    with tempfile.TemporaryDirectory() as root:
        for run in range(RUNS["count"]):
            model = nn.Sequential(nn.Linear(RUNS["dim"], 16), nn.ReLU(), nn.Linear(16, 3))
            dataset = ShardedTensorDataset(write_shards(root, run, RUNS), RUNS["rows_per_shard"])
            acc, manifest = EvalRun("run%d" % run, model, dataset, RUNS["batch"]).evaluate()
            print(manifest["run"], "acc", round(acc, 3), "files", manifest["files"], "reads", manifest["reads"])


if __name__ == "__main__":
    main()
