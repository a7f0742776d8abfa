"""WebDataset-style tar shards: a writer used by the preprocessing step and a streaming reader."""
import io
import os
import tarfile
import time

import torch
from torch.utils.data import IterableDataset


class ShardWriter:
    """Writes samples as `<key>.<field>` members, rolling over every `maxcount` samples."""

    def __init__(self, root, prefix="train", maxcount=8):
        self.root = root
        self.prefix = prefix
        self.maxcount = maxcount
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
            buf = io.BytesIO()
            torch.save(value, buf)
            info = tarfile.TarInfo("%s.%s" % (key, field))
            info.size = buf.tell()
            info.mtime = int(time.time())
            buf.seek(0)
            self.tar.addfile(info, buf)
        self.count += 1

    def close(self):
        if self.tar is not None:
            self.tar.close()
            self.tar = None
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
