"""Async embedding service: fetches item features from a (simulated) remote store
and refreshes the cross-batch memory with embeddings from the current item tower."""
import asyncio

import torch
import torch.nn.functional as F

from memory_bank import MEMORY


class FeatureStore:
    def __init__(self, num_items, in_dim, seed=0):
        g = torch.Generator().manual_seed(seed)
        self.features = torch.randn(num_items, in_dim, generator=g)

    async def fetch(self, ids):
        for _ in range(1 + int(ids[0]) % 3):
            await asyncio.sleep(0)
        return self.features[ids]


class EmbeddingService:
    def __init__(self, tower, store, max_inflight=2):
        self.tower = tower
        self.store = store
        self.max_inflight = max_inflight
        self.refreshed = 0

    async def refresh(self, ids, slots):
        with torch.no_grad():
            async with slots:
                feats = await self.store.fetch(ids)
                keys = F.normalize(self.tower(feats), dim=-1)
            MEMORY.enqueue(keys)
        self.refreshed += len(ids)
        return len(ids)

    async def refresh_many(self, id_chunks):
        slots = asyncio.Semaphore(self.max_inflight)
        counts = await asyncio.gather(*(self.refresh(ids, slots) for ids in id_chunks))
        return sum(counts)
