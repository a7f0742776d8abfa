"""ZeRO-3 style parameter partitioning, emulated on one process (peer shards live in a local store)."""
import contextlib
from dataclasses import dataclass

import torch


@dataclass
class ShardMeta:
    name: str
    shape: torch.Size
    numel: int
    status: str = "AVAILABLE"


class ZeroPartitioner:
    def __init__(self, world_size=4, rank=0):
        self.world_size = world_size
        self.rank = rank
        self.params = []
        self._peer_shards = {}

    def convert(self, module):
        for name, param in module.named_parameters():
            param.ds_meta = ShardMeta(name, param.shape, param.numel())
            self.params.append(param)
            self.partition(param)
        return module

    def _chunk(self, numel):
        return -(-numel // self.world_size)

    def partition(self, param):
        meta = param.ds_meta
        if meta.status != "AVAILABLE":
            return
        chunk = self._chunk(meta.numel)
        flat = torch.zeros(chunk * self.world_size)
        flat[: meta.numel] = param.data.reshape(-1)
        shards = flat.split(chunk)
        param.ds_tensor = shards[self.rank].clone()
        self._peer_shards[meta.name] = [s.clone() for s in shards]
        param.data = torch.empty(0)
        meta.status = "NOT_AVAILABLE"

    def all_gather(self, param):
        meta = param.ds_meta
        if meta.status == "AVAILABLE":
            return
        shards = self._peer_shards[meta.name]
        shards[self.rank] = param.ds_tensor
        param.data = torch.cat(shards)[: meta.numel].view(meta.shape)
        meta.status = "AVAILABLE"

    @contextlib.contextmanager
    def gathered(self, params):
        params = list(params)
        for p in params:
            self.all_gather(p)
        try:
            yield params
        finally:
            for p in params:
                self.partition(p)
