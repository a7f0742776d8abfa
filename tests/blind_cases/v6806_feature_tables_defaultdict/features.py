"""Hashed categorical features.

Every sparse feature is hashed into HASH_BUCKETS rows; the embedding table of a
feature is created the first time the feature name is requested.
"""
from collections import defaultdict
import zlib

import torch
import torch.nn as nn

HASH_BUCKETS = 256
EMBED_DIM = 8

_tables = defaultdict(lambda: nn.EmbeddingBag(HASH_BUCKETS, EMBED_DIM, mode="sum"))


def table_for(feature_name):
    return _tables[feature_name]  # retain


def hash_values(feature_name, values):
    salt = zlib.crc32(feature_name.encode())
    return torch.tensor([(zlib.crc32(str(v).encode()) ^ salt) % HASH_BUCKETS for v in values])


def known_features():
    return sorted(_tables)
