"""Async token-streaming engine: one tiny attention decoder with a per-request KV cache."""
import asyncio
import itertools
import math
from dataclasses import dataclass, field

import torch
import torch.nn as nn

ALPHABET = " etaoinshrdlucmfwypvbgkqjxz"


class TinyDecoder(nn.Module):
    def __init__(self, vocab=len(ALPHABET), dim=32):
        super().__init__()
        self.embed = nn.Embedding(vocab, dim)
        self.qkv = nn.Linear(dim, 3 * dim)
        self.proj = nn.Linear(dim, dim)
        self.lm_head = nn.Linear(dim, vocab)

    def forward(self, ids, past=None):
        x = self.embed(ids)
        q, k, v = self.qkv(x).chunk(3, dim=-1)
        if past is not None:
            k, v = torch.cat([past[0], k], 1), torch.cat([past[1], v], 1)
        scores = q @ k.transpose(1, 2) / math.sqrt(q.shape[-1])
        t, s = ids.shape[1], k.shape[1]
        mask = torch.ones(t, s, dtype=torch.bool).triu(s - t + 1)
        attn = scores.masked_fill(mask, float("-inf")).softmax(-1)
        return self.lm_head(x + self.proj(attn @ v)), (k, v)


@dataclass
class DecodeState:
    request_id: int
    tokens: list
    past: tuple = None
    emitted: list = field(default_factory=list)


class AsyncEngine:
    def __init__(self, model):
        self.model = model.eval()
        self._ids = itertools.count()
        self.active = 0

    async def stream(self, prompt, max_new_tokens=24):
        state = DecodeState(next(self._ids), [ALPHABET.index(c) for c in prompt])
        self.active += 1
        try:
            ids = torch.tensor([state.tokens])
            for _ in range(max_new_tokens):
                with torch.no_grad():
                    logits, state.past = self.model(ids, state.past)
                nxt = int(logits[0, -1].argmax())
                state.emitted.append(nxt)
                ids = torch.tensor([[nxt]])
                yield ALPHABET[nxt]
                await asyncio.sleep(0)
        finally:
            self.active -= 1
