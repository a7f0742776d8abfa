"""Exact inner-product index over item vectors, rebuilt from the item tower."""
import asyncio

import torch


class FlatIPIndex:
    def __init__(self, dim, chunk=64):
        self.dim = dim
        self.chunk = chunk
        self.vectors = torch.empty(0, dim)
        self.version = 0

    async def refresh(self, encoder, item_ids):
        parts = []
        for start in range(0, len(item_ids), self.chunk):
            with torch.no_grad():
                parts.append(encoder(item_ids[start:start + self.chunk]))
            await asyncio.sleep(0)
        self.vectors = torch.cat(parts)
        self.version += 1

    def search(self, queries, k):
        if self.vectors.numel() == 0:
            return torch.empty(len(queries), 0, dtype=torch.long)
        return (queries @ self.vectors.t()).topk(k, dim=-1).indices
