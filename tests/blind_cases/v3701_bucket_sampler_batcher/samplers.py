"""Length-bucketed sampling for variable-length sequence batches."""
import math
import random

from torch.utils.data import BatchSampler, Sampler


class LengthBucketSampler(Sampler):
    """Shuffles indices inside length buckets so that batches have similar lengths."""

    def __init__(self, lengths, batch_size, bucket_width=4, drop_last=False, seed=0):
        self.lengths = list(lengths)
        self.bucket_width = bucket_width
        self.seed = seed
        self.epoch = 0
        self._batcher = BatchSampler(self, batch_size=batch_size, drop_last=drop_last)  # cycle

    @property
    def batch_sampler(self):
        return self._batcher

    def set_epoch(self, epoch):
        self.epoch = epoch

    def _buckets(self):
        buckets = {}
        for idx, n in enumerate(self.lengths):
            buckets.setdefault(n // self.bucket_width, []).append(idx)
        return [buckets[k] for k in sorted(buckets)]

    def __iter__(self):
        rng = random.Random(self.seed + self.epoch)
        for bucket in self._buckets():
            rng.shuffle(bucket)
            yield from bucket

    def __len__(self):
        return len(self.lengths)

    def num_batches(self):
        bs = self._batcher.batch_size
        return len(self) // bs if self._batcher.drop_last else math.ceil(len(self) / bs)
