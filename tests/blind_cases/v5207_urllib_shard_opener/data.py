"""Streaming dataset over shard URLs (http://, file:// or shard://)."""
import io
import random
import urllib.request

import torch
from torch.utils.data import IterableDataset


class UrlShardDataset(IterableDataset):
    def __init__(self, urls, shuffle_shards=True, seed=0):
        self.urls = list(urls)
        self.shuffle_shards = shuffle_shards
        self.seed = seed
        self.epoch = 0

    def set_epoch(self, epoch):
        self.epoch = epoch

    def __iter__(self):
        urls = list(self.urls)
        if self.shuffle_shards:
            random.Random(self.seed + self.epoch).shuffle(urls)
        for url in urls:
            with urllib.request.urlopen(url) as resp:
                shard = torch.load(io.BytesIO(resp.read()))
            for x, y in zip(shard["x"], shard["y"]):
                yield x, y
