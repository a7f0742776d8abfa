"""Asynchronous shard prefetcher: reads token shards and assembles fixed-size batches."""
import asyncio
import random

import torch


class ShardReader:
    """Stands in for an object-store client; each read yields to the event loop."""

    def __init__(self, num_shards, rows_per_shard, seq_len, vocab):
        self.num_shards = num_shards
        self.rows_per_shard = rows_per_shard
        self.seq_len = seq_len
        self.vocab = vocab

    async def read(self, shard_id):
        for _ in range(1 + shard_id % 3):
            await asyncio.sleep(0)
        g = torch.Generator().manual_seed(1000 + shard_id)
        return torch.randint(0, self.vocab, (self.rows_per_shard, self.seq_len), generator=g)


class ShardPrefetcher:
    def __init__(self, reader, batch_size, seed, lookahead=2):
        self.reader = reader
        self.batch_size = batch_size
        self.lookahead = lookahead
        self.order = list(range(reader.num_shards))
        random.Random(seed).shuffle(self.order)
        self.batches_served = 0
        self._stream = None

    async def _batches(self):
        pending = [asyncio.ensure_future(self.reader.read(s)) for s in self.order[: self.lookahead]]
        cursor = self.lookahead
        carry = None
        while pending:
            rows = await pending.pop(0)
            if cursor < len(self.order):
                pending.append(asyncio.ensure_future(self.reader.read(self.order[cursor])))
                cursor += 1
            carry = rows if carry is None else torch.cat([carry, rows])
            while carry.size(0) >= self.batch_size:
                batch, carry = carry[: self.batch_size], carry[self.batch_size:]
                self.batches_served += 1
                yield batch

    async def next_batch(self):
        if self._stream is None:
            self._stream = self._batches()
        return await anext(self._stream)
