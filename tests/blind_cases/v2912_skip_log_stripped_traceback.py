"""Image classification over a shard index where some records cannot be read; bad ones are skipped."""
import dataclasses
import random

import torch
import torch.nn as nn
import torch.nn.functional as F
from torch.utils.data import Dataset


class UnreadableImage(OSError):
    pass


@dataclasses.dataclass
class SkipRecord:
    index: int
    shard: str
    error: BaseException

    @property
    def reason(self):
        return "%s: %s" % (type(self.error).__name__, self.error)


class ShardImageDataset(Dataset):
    def __init__(self, n, size=8, classes=3, bad_every=6, seed=0):
        self.n = n
        self.size = size
        self.classes = classes
        self.bad = {i for i in range(n) if i % bad_every == 1}
        self.seed = seed

    def __len__(self):
        return self.n

    def shard_of(self, idx):
        return "shard-%02d.tar" % (idx // 10)

    def _read(self, idx):
        if idx in self.bad:
            raise UnreadableImage("cannot identify image file in %s at %d" % (self.shard_of(idx), idx))
        g = torch.Generator().manual_seed(self.seed * 997 + idx)
        label = idx % self.classes
        return torch.rand(3, self.size, self.size, generator=g) + label, label

    def __getitem__(self, idx):
        return self._read(idx)


class SkippingLoader:
    """Yields collated batches in shuffled order and keeps a log of the records it skipped."""

    def __init__(self, dataset, batch_size, seed=0):
        self.dataset = dataset
        self.batch_size = batch_size
        self.rng = random.Random(seed)
        self.skipped = []

    def __iter__(self):
        order = list(range(len(self.dataset)))
        self.rng.shuffle(order)
        images, labels = [], []
        for idx in order:
            try:
                img, label = self.dataset[idx]
            except UnreadableImage as err:
                self.skipped.append(SkipRecord(idx, self.dataset.shard_of(idx), err.with_traceback(None)))
                continue
            images.append(img)
            labels.append(label)
            if len(images) == self.batch_size:
                yield torch.stack(images), torch.tensor(labels)
                images, labels = [], []
        if images:
            yield torch.stack(images), torch.tensor(labels)


def main():
    dataset = ShardImageDataset(36)
    loader = SkippingLoader(dataset, batch_size=8)
    model = nn.Sequential(nn.Conv2d(3, 8, 3, padding=1), nn.ReLU(), nn.AdaptiveAvgPool2d(1), nn.Flatten(),
                          nn.Linear(8, dataset.classes))
    opt = torch.optim.SGD(model.parameters(), lr=0.05, momentum=0.9)
    for epoch in range(2):
        for images, labels in loader:
            loss = F.cross_entropy(model(images), labels)
            opt.zero_grad()
            loss.backward()
            opt.step()
    reasons = sorted({rec.reason.split(":")[0] for rec in loader.skipped})
    assert len(loader.skipped) == 12 and reasons == ["UnreadableImage"]


if __name__ == "__main__":
    main()
