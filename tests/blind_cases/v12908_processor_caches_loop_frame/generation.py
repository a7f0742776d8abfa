"""Tiny KV-cached decoder and an incremental sampling loop."""
import math

import torch
import torch.nn as nn


class CachedDecoder(nn.Module):
    def __init__(self, vocab=48, dim=32, heads=2):
        super().__init__()
        self.heads = heads
        self.embed = nn.Embedding(vocab, dim)
        self.qkv = nn.Linear(dim, 3 * dim)
        self.proj = nn.Linear(dim, dim)
        self.head = nn.Linear(dim, vocab)

    def forward(self, ids, past_key_values=None):
        x = self.embed(ids)
        b, t, d = x.shape
        q, k, v = self.qkv(x).view(b, t, 3, self.heads, -1).permute(2, 0, 3, 1, 4)
        if past_key_values is not None:
            k = torch.cat([past_key_values[0], k], dim=2)
            v = torch.cat([past_key_values[1], v], dim=2)
        att = q @ k.transpose(-2, -1) / math.sqrt(q.size(-1))
        att = att.masked_fill(~torch.ones(t, k.size(2), dtype=torch.bool).tril(k.size(2) - t), float("-inf"))
        return self.head(x + self.proj((att.softmax(-1) @ v).transpose(1, 2).reshape(b, t, d))), (k, v)


@torch.no_grad()
def generate(model, input_ids, processors, eos_id, max_new_tokens):
    past_key_values = None
    step_ids = input_ids
    for _ in range(max_new_tokens):
        logits, past_key_values = model(step_ids, past_key_values)
        scores = processors(input_ids, logits[:, -1])
        next_id = torch.multinomial(scores.softmax(-1), 1)
        input_ids = torch.cat([input_ids, next_id], dim=1)
        if int(next_id) == eos_id:
            break
        step_ids = next_id
    return input_ids
