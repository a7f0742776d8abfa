"""Size-triggered batcher: a batch is run as soon as it has max_batch requests."""
import asyncio

import torch
import torch.nn as nn


class Embedder(nn.Module):
    def __init__(self, vocab=64, dim=16):
        super().__init__()
        self.emb = nn.EmbeddingBag(vocab, dim, mode="mean")
        self.proj = nn.Linear(dim, dim)

    def forward(self, tokens):
        return nn.functional.normalize(self.proj(self.emb(tokens)), dim=-1)


class FillBatcher:
    def __init__(self, model, max_batch=4):
        self.model = model.eval()
        self.max_batch = max_batch
        self.pending = []
        self.batches_run = 0

    async def submit(self, tokens):
        reply = asyncio.get_running_loop().create_future()
        self.pending.append((tokens, reply))
        if len(self.pending) >= self.max_batch:
            self._run(self.pending[:self.max_batch])
            del self.pending[:self.max_batch]
        return await reply

    def _run(self, batch):
        with torch.no_grad():
            vectors = self.model(torch.stack([tokens for tokens, _ in batch]))
        for (_, reply), vec in zip(batch, vectors):
            if not reply.done():
                reply.set_result(vec.tolist())
        self.batches_run += 1
