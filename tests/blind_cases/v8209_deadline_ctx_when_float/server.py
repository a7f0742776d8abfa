"""Async embedding server: tokenizes, waits for a model slot and embeds a request."""
import asyncio

import torch
import torch.nn as nn


class BagEncoder(nn.Module):
    def __init__(self, vocab, dim, out_dim):
        super().__init__()
        self.bag = nn.EmbeddingBag(vocab, dim, mode="mean")
        self.proj = nn.Sequential(nn.Linear(dim, dim), nn.GELU(), nn.Linear(dim, out_dim))

    def forward(self, flat_ids, offsets):
        return nn.functional.normalize(self.proj(self.bag(flat_ids, offsets)), dim=-1)


class EmbeddingServer:
    def __init__(self, model, cfg):
        self.model = model.eval()
        self.vocab = cfg["vocab"]
        self.min_remaining_s = cfg["min_remaining_s"]
        self._slots = asyncio.Semaphore(cfg["max_concurrency"])
        self.served = 0

    async def _tokenize(self, ctx):
        await asyncio.sleep(0)
        rows = [[sum(map(ord, w)) % self.vocab for w in text.lower().split()] or [0] for text in ctx.texts]
        offsets = torch.tensor([0] + [len(r) for r in rows[:-1]]).cumsum(0)
        flat = torch.tensor([tok for row in rows for tok in row])
        return flat, offsets

    def _embed(self, flat, offsets):
        with torch.no_grad():
            return self.model(flat, offsets)

    async def handle(self, ctx):
        async with asyncio.timeout(ctx.budget_s) as deadline:
            ctx.deadline_at = deadline.when()
            flat, offsets = await self._tokenize(ctx)
            ctx.mark("tokenized")
            async with self._slots:
                if ctx.remaining() < self.min_remaining_s:
                    ctx.status = "shed"
                    return ctx
                ctx.embeddings = self._embed(flat, offsets)
            ctx.mark("embedded")
        ctx.expired = deadline.expired()
        ctx.status = "ok"
        self.served += 1
        return ctx
