"""Length-bucketed batching implemented as a BatchSampler subclass over an ordering sampler."""
import math
import random

import torch
import torch.nn as nn
from torch.utils.data import BatchSampler, DataLoader, Dataset, Sampler


class BucketOrder(Sampler):
    """Yields indices grouped by length bucket, shuffled within buckets per epoch."""

    def __init__(self, lengths, bucket_width=4, seed=0):
        self.lengths = list(lengths)
        self.bucket_width = bucket_width
        self.seed = seed
        self.epoch = 0

    def __iter__(self):
        rng = random.Random(self.seed + self.epoch)
        buckets = {}
        for idx, n in enumerate(self.lengths):
            buckets.setdefault(n // self.bucket_width, []).append(idx)
        for key in sorted(buckets):
            rng.shuffle(buckets[key])
            yield from buckets[key]

    def __len__(self):
        return len(self.lengths)


class BucketBatchSampler(BatchSampler):
    def __init__(self, lengths, batch_size, bucket_width=4, drop_last=False, seed=0):
        super().__init__(BucketOrder(lengths, bucket_width, seed), batch_size, drop_last)

    def set_epoch(self, epoch):
        self.sampler.epoch = epoch

    def num_batches(self):
        n = len(self.sampler)
        return n // self.batch_size if self.drop_last else math.ceil(n / self.batch_size)


class ToySequences(Dataset):
    def __init__(self, n, min_len, max_len, vocab=50, seed=0):
        g = torch.Generator().manual_seed(seed)
        lens = torch.randint(min_len, max_len, (n,), generator=g)
        self.items = [torch.randint(1, vocab, (int(k),), generator=g) for k in lens]
        self.labels = torch.randint(0, 3, (n,), generator=g)

    def __len__(self):
        return len(self.items)

    def __getitem__(self, idx):
        return self.items[idx], self.labels[idx]


def pad_collate(batch):
    seqs, labels = zip(*batch)
    out = torch.zeros(len(seqs), max(len(s) for s in seqs), dtype=torch.long)
    for i, s in enumerate(seqs):
        out[i, : len(s)] = s
    return out, torch.stack(labels)


def main():
    model = nn.Sequential(nn.EmbeddingBag(50, 16, mode="mean", padding_idx=0), nn.Linear(16, 3))
    opt = torch.optim.Adam(model.parameters(), lr=1e-2)
    for seed, (lo, hi) in enumerate([(4, 12), (8, 20), (12, 28)]):
        ds = ToySequences(48, lo, hi, seed=seed)
        batches = BucketBatchSampler([len(s) for s in ds.items], batch_size=8, seed=seed)
        loader = DataLoader(ds, batch_sampler=batches, collate_fn=pad_collate)
        for epoch in range(2):
            batches.set_epoch(epoch)
            for x, y in loader:
                loss = nn.functional.cross_entropy(model(x), y)
                opt.zero_grad()
                loss.backward()
                opt.step()


if __name__ == "__main__":
    main()
