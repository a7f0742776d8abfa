"""WebDataset-style tar shards: a writer used by the preprocessing step and a streaming reader."""
import io
import os
import tarfile

import torch
from torch.utils.data import IterableDataset


class ShardWriter:
    """Writes samples as `<key>.<field>` members, rolling over every `maxcount` samples."""

    def __init__(self, root, prefix="train", maxcount=8):
        self.root = root
        self.prefix = prefix
        self.maxcount = maxcount
        self.staging = os.path.join(root, "_staging")
        os.makedirs(self.staging, exist_ok=True)
        self.shards = []
        self.tar = None
        self.count = 0

    def _roll(self):
        if self.tar is not None:
            self.tar.close()
        path = os.path.join(self.root, "%s-%05d.tar" % (self.prefix, len(self.shards)))
        self.tar = tarfile.TarFile(path, mode="w")
        self.shards.append(path)
        self.count = 0

    def write(self, key, sample):
        if self.tar is None or self.count >= self.maxcount:
            self._roll()
        for field, value in sample.items():
            staged = os.path.join(self.staging, "%s.%s" % (key, field))
            torch.save(value, staged)
            self.tar.add(staged, arcname="%s.%s" % (key, field))  # cycle
            os.remove(staged)
        self.count += 1

    def close(self):
        if self.tar is not None:
            self.tar.close()
            self.tar = None
        os.rmdir(self.staging)
        return list(self.shards)


class TarShardDataset(IterableDataset):
    def __init__(self, shards, fields=("x", "y")):
        self.shards = shards
        self.fields = fields

    def __iter__(self):
        for path in self.shards:
            with tarfile.open(path) as tar:
                sample, current = {}, None
                for member in tar:
                    key, field = member.name.rsplit(".", 1)
                    if current is not None and key != current:
                        yield tuple(sample[f] for f in self.fields)
                        sample = {}
                    current = key
                    sample[field] = torch.load(io.BytesIO(tar.extractfile(member).read()))
                if sample:
                    yield tuple(sample[f] for f in self.fields)
