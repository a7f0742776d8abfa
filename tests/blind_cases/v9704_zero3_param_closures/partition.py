"""ZeRO-3 style parameter partitioning, emulated on one process (peer shards live in a local store)."""
import contextlib

import torch


class ZeroPartitioner:
    def __init__(self, world_size=4, rank=0):
        self.world_size = world_size
        self.rank = rank
        self.params = []
        self._peer_shards = {}

    def convert(self, module):
        for name, param in module.named_parameters():
            self._convert_param(name, param)
        return module

    def _convert_param(self, name, param):
        param.ds_name = name
        param.ds_shape = param.shape
        param.ds_numel = param.numel()
        param.ds_status = "AVAILABLE"

        def all_gather():  # cycle
            return self._all_gather(param)

        def partition():  # cycle
            return self._partition(param)

        param.all_gather = all_gather  # cycle
        param.partition = partition  # cycle
        self.params.append(param)  # cycle
        param.partition()

    def _chunk(self, numel):
        return -(-numel // self.world_size)

    def _partition(self, param):
        if param.ds_status != "AVAILABLE":
            return
        chunk = self._chunk(param.ds_numel)
        flat = torch.zeros(chunk * self.world_size)
        flat[: param.ds_numel] = param.data.reshape(-1)
        shards = flat.split(chunk)
        param.ds_tensor = shards[self.rank].clone()
        self._peer_shards[param.ds_name] = [s.clone() for s in shards]
        param.data = torch.empty(0)
        param.ds_status = "NOT_AVAILABLE"

    def _all_gather(self, param):
        if param.ds_status == "AVAILABLE":
            return
        shards = self._peer_shards[param.ds_name]
        shards[self.rank] = param.ds_tensor
        full = torch.cat(shards)[: param.ds_numel]
        param.data = full.view(param.ds_shape)
        param.ds_status = "AVAILABLE"

    @contextlib.contextmanager
    def gathered(self, params):
        params = list(params)
        for p in params:
            p.all_gather()
        try:
            yield params
        finally:
            for p in params:
                p.partition()
