"""Single-process imitation of nn.DataParallel for debugging multi-replica code on CPU."""
from collections import OrderedDict

import torch
import torch.nn as nn


def _replicate_tree(module, memo):
    replica = module._replicate_for_data_parallel()
    replica._parameters = OrderedDict(module._parameters)
    for name, child in module._modules.items():
        replica._modules[name] = _replicate_tree(child, memo) if child is not None else None
    memo.append(replica)
    return replica


def replicate(module, n):
    roots, everything = [], []
    for rank in range(n):
        tree = []
        roots.append(_replicate_tree(module, tree))
        everything.append(tree)
    for rank, tree in enumerate(everything):
        for sub in tree:
            if hasattr(sub, "sync_stats"):
                sub.replica_peers = [t[tree.index(sub)] for t in everything]  # cycle
    return roots


def scatter(batch, n):
    return [chunk for chunk in batch.chunk(n, dim=0)]


def gather(outputs):
    return torch.cat(outputs, dim=0)


class DataParallelShim(nn.Module):
    def __init__(self, module, num_replicas=2):
        super().__init__()
        self.module = module
        self.num_replicas = num_replicas

    def forward(self, x):
        if not self.training:
            return self.module(x)
        replicas = replicate(self.module, self.num_replicas)
        return gather([r(chunk) for r, chunk in zip(replicas, scatter(x, self.num_replicas))])
