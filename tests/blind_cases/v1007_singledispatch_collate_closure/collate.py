"""Batch assembly for heterogeneous sample records."""
import functools

import torch
from torch.utils.data import default_collate


@functools.singledispatch
def encode(sample):
    """Turn one raw sample into a dict of tensors; extended per record type."""
    raise TypeError(f"no encoder registered for {type(sample).__name__}")


@encode.register
def _(sample: dict):
    return {k: torch.as_tensor(v) for k, v in sample.items()}


def collate_records(batch):
    return default_collate([encode(s) for s in batch])
