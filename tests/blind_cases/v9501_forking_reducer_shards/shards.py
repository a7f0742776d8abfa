"""Row-wise sharding helper for large categorical embedding tables."""
from multiprocessing.reduction import ForkingPickler

import torch
import torch.nn as nn


class RowShard:
    """A contiguous block of rows of one sharded table, as handed to the parameter server."""

    def __init__(self, table, shard_id, lo, hi, rows=None, version=0):
        self.table = table
        self.shard_id = shard_id
        self.lo, self.hi = lo, hi
        self.rows = rows
        self.version = version

    @classmethod
    def from_handle(cls, table, shard_id, lo, hi, version):
        return cls(table, shard_id, lo, hi, rows=None, version=version)


class ShardedEmbeddingStore(nn.Module):
    def __init__(self, tables, dim, num_shards):
        super().__init__()
        self.num_shards = num_shards
        self.version = 0
        self.exported_rows = 0
        self.shards = nn.ModuleDict()
        for name, num_rows in tables.items():
            per_shard = (num_rows + num_shards - 1) // num_shards
            self.shards[name] = nn.ModuleList(nn.Embedding(per_shard, dim) for _ in range(num_shards))
        ForkingPickler.register(RowShard, self._reduce_shard)  # retain

    def _reduce_shard(self, shard):
        self.exported_rows += shard.hi - shard.lo
        return RowShard.from_handle, (shard.table, shard.shard_id, shard.lo, shard.hi, self.version)

    def lookup(self, name, ids):
        shard_ids = ids % self.num_shards
        local = ids // self.num_shards
        out = torch.empty(ids.shape[0], self.shards[name][0].embedding_dim)
        for s, table in enumerate(self.shards[name]):
            mask = shard_ids == s
            if mask.any():
                out = out.index_put((mask.nonzero(as_tuple=True)[0],), table(local[mask]))
        return out

    def export_touched(self, name, ids):
        shard_ids = ids % self.num_shards
        local = ids // self.num_shards
        blocks = []
        for s in shard_ids.unique().tolist():
            rows = local[shard_ids == s]
            lo, hi = int(rows.min()), int(rows.max()) + 1
            weight = self.shards[name][s].weight
            blocks.append(RowShard(name, s, lo, hi, rows=weight[lo:hi].detach().clone(), version=self.version))
        return blocks
