"""Batch containers and a generic, extensible device-transfer function."""
import functools
from dataclasses import dataclass

import torch


@dataclass
class PackedBatch:
    tokens: torch.Tensor
    lengths: torch.Tensor
    labels: torch.Tensor


@functools.singledispatch
def to_device(obj, device):
    return obj


@to_device.register
def _(obj: torch.Tensor, device):
    return obj.to(device, non_blocking=True)


@to_device.register(dict)
def _(obj, device):
    return {k: to_device(v, device) for k, v in obj.items()}


@to_device.register(list)
@to_device.register(tuple)
def _(obj, device):
    return type(obj)(to_device(v, device) for v in obj)


def move_packed(batch, device, *, pad_id, max_len):
    tokens = batch.tokens[:, :max_len]
    lengths = tokens.ne(pad_id).sum(1).clamp(min=1)
    return PackedBatch(tokens.to(device), lengths.to(device), batch.labels.to(device))
