"""Data module for a sharded regression dataset (train/val splits built lazily)."""
import torch
from torch.utils.data import DataLoader, Dataset

from workers import loader_kwargs


class ShardedRegressionSet(Dataset):
    def __init__(self, x, y, num_shards):
        self.x, self.y = x, y
        self.num_shards = num_shards
        self.active = list(range(len(x)))

    def assign_shards(self, worker_id, num_workers):
        shard_ids = [s for s in range(self.num_shards) if s % num_workers == worker_id]
        per_shard = len(self.x) // self.num_shards
        self.active = [i for s in shard_ids for i in range(s * per_shard, (s + 1) * per_shard)]

    def __len__(self):
        return len(self.active)

    def __getitem__(self, idx):
        row = self.active[idx]
        return self.x[row], self.y[row]


class RegressionDataModule:
    def __init__(self, cfg, seed=0):
        self.cfg = cfg
        self.seed = seed
        self.train_set = None
        self.val_set = None
        self._train_loader = None

    def setup(self):
        g = torch.Generator().manual_seed(self.seed)
        x = torch.randn(96, 10, generator=g)
        y = x[:, :3].sum(1, keepdim=True) + 0.05 * torch.randn(96, 1, generator=g)
        self.train_set = ShardedRegressionSet(x[:64], y[:64], num_shards=4)
        self.val_set = ShardedRegressionSet(x[64:], y[64:], num_shards=1)

    def train_dataloader(self):
        if self._train_loader is None:
            self._train_loader = DataLoader(self.train_set, shuffle=True, **loader_kwargs(self, self.cfg))  # cycle
        return self._train_loader

    def val_dataloader(self):
        return DataLoader(self.val_set, batch_size=self.cfg["batch_size"])
