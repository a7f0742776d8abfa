"""Async token streaming over a tiny decoder-only LM with a per-stream KV cache."""
import math

import torch
import torch.nn as nn


class TinyDecoder(nn.Module):
    def __init__(self, vocab=64, dim=32, heads=4):
        super().__init__()
        self.heads = heads
        self.embed = nn.Embedding(vocab, dim)
        self.qkv = nn.Linear(dim, 3 * dim)
        self.proj = nn.Linear(dim, dim)
        self.norm = nn.LayerNorm(dim)
        self.lm_head = nn.Linear(dim, vocab, bias=False)

    def forward(self, ids, past=None):
        x = self.embed(ids)
        b, t, d = x.shape
        qkv = self.qkv(x).view(b, t, 3, self.heads, d // self.heads)
        q, k, v = qkv.permute(2, 0, 3, 1, 4)
        if past is not None:
            k = torch.cat([past[0], k], dim=2)
            v = torch.cat([past[1], v], dim=2)
        att = q @ k.transpose(-2, -1) / math.sqrt(q.size(-1))
        if t > 1:
            total = k.size(2)
            mask = torch.ones(t, total, dtype=torch.bool).tril(total - t)
            att = att.masked_fill(~mask, float("-inf"))
        y = (att.softmax(-1) @ v).transpose(1, 2).reshape(b, t, d)
        h = self.norm(x + self.proj(y))
        return self.lm_head(h), (k, v)


class StreamingEngine:
    def __init__(self, model, eos_id, max_new_tokens=32):
        self.model = model
        self.eos_id = eos_id
        self.max_new_tokens = max_new_tokens
        self.tokens_served = 0

    @torch.no_grad()
    def _step(self, ids, past):
        logits, past = self.model(ids, past)
        return logits[:, -1], past

    async def stream(self, prompt_ids, temperature=1.0):
        ids = torch.tensor([prompt_ids])
        past = None
        for _ in range(self.max_new_tokens):
            logits, past = self._step(ids, past)
            probs = (logits / temperature).softmax(-1)
            nxt = torch.multinomial(probs, 1)
            token = int(nxt)
            if token == self.eos_id:
                return
            self.tokens_served += 1
            yield token
            ids = nxt
