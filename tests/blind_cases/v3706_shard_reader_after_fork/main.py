"""Trains on a sharded record dataset; shards are regenerated for every data-refresh round."""
import bisect
import itertools

import torch
import torch.nn as nn
from torch.utils.data import DataLoader, Dataset

from storage import ShardReader, pack_shard


class ShardedRecords(Dataset):
    def __init__(self, blobs):
        self.readers = [ShardReader(blob, "shard-%03d" % i) for i, blob in enumerate(blobs)]
        self.offsets = list(itertools.accumulate(len(r) for r in self.readers))

    def __len__(self):
        return self.offsets[-1]

    def __getitem__(self, idx):
        shard = bisect.bisect_right(self.offsets, idx)
        start = self.offsets[shard - 1] if shard else 0
        return self.readers[shard].read(idx - start)

    def close(self):
        for reader in self.readers:
            reader.close()


def synth_blobs(round_idx, num_shards=3, per_shard=20, dim=8):
    g = torch.Generator().manual_seed(round_idx)
    blobs = []
    for _ in range(num_shards):
        x = torch.randn(per_shard, dim, generator=g)
        blobs.append(pack_shard(x, (x[:, 0] > 0).long()))
    return blobs


def main():
    model = nn.Sequential(nn.Linear(8, 16), nn.ReLU(), nn.Linear(16, 2))
    opt = torch.optim.SGD(model.parameters(), lr=0.1)
    for round_idx in range(3):
        dataset = ShardedRecords(synth_blobs(round_idx))
        loader = DataLoader(dataset, batch_size=10, shuffle=True, num_workers=0)
        for x, y in loader:
            loss = nn.functional.cross_entropy(model(x), y)
            opt.zero_grad()
            loss.backward()
            opt.step()
        dataset.close()


if __name__ == "__main__":
    main()
