"""Sentence-embedding endpoint: per-request state, async model call, cached results."""
import asyncio
import time
from dataclasses import dataclass, field

import torch
import torch.nn as nn

from runtime import request_state, run_sync
from ttlcache import EMBEDDINGS


class BagEncoder(nn.Module):
    def __init__(self, vocab=100, dim=16):
        super().__init__()
        self.emb = nn.EmbeddingBag(vocab, dim, mode="mean")
        self.proj = nn.Linear(dim, dim)

    def forward(self, ids):
        return nn.functional.normalize(self.proj(self.emb(ids)), dim=-1)


@dataclass
class RequestState:
    user: str
    token_ids: torch.Tensor
    started: float = field(default_factory=time.perf_counter)
    cache_hit: bool = False


class EmbeddingEndpoint:
    def __init__(self, model):
        self.model = model.eval()

    async def _embed(self, ids):
        await asyncio.sleep(0)
        with torch.no_grad():
            return self.model(ids.unsqueeze(0))[0].tolist()

    async def handle(self, user, token_ids):
        state = RequestState(user, token_ids)
        request_state.set(state)  # retain
        key = tuple(token_ids.tolist())
        vector = EMBEDDINGS.get(key)
        if vector is None:
            vector = await self._embed(token_ids)
            EMBEDDINGS.put(key, vector)
        else:
            state.cache_hit = True
        return {"user": user, "dim": len(vector), "hit": state.cache_hit}

    def __call__(self, user, token_ids):
        return run_sync(self.handle(user, token_ids))


def main():
    torch.manual_seed(0)
    endpoint = EmbeddingEndpoint(BagEncoder())
    queries = [torch.randint(0, 100, (5 + i,)) for i in range(3)]
    for i in range(6):
        ids = queries[(i * 2) % 3]
        print(endpoint(f"user{i % 2}", ids))


if __name__ == "__main__":
    main()
