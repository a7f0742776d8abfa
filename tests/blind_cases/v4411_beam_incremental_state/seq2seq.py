"""Attention seq2seq whose decoder supports fairseq-style incremental decoding (caller-owned dict)."""
import torch
import torch.nn as nn


class IncrementalDecoder(nn.Module):
    def __init__(self, vocab, dim):
        super().__init__()
        self.embed = nn.Embedding(vocab, dim)
        self.qkv = nn.Linear(dim, 3 * dim)
        self.cross_q = nn.Linear(dim, dim)
        self.out = nn.Linear(2 * dim, vocab)
        self.scale = dim ** -0.5

    def forward(self, prev_tokens, memory, incremental_state=None):
        if incremental_state is not None:
            prev_tokens = prev_tokens[:, -1:]
        q, k, v = self.qkv(self.embed(prev_tokens)).chunk(3, dim=-1)
        if incremental_state is not None:
            if "prev_key" in incremental_state:
                k = torch.cat([incremental_state["prev_key"], k], dim=1)
                v = torch.cat([incremental_state["prev_value"], v], dim=1)
            incremental_state["prev_key"], incremental_state["prev_value"] = k, v
        scores = q @ k.transpose(1, 2) * self.scale
        if incremental_state is None:
            scores = scores.masked_fill(torch.ones(q.size(1), k.size(1), dtype=torch.bool).triu(1), -1e4)
        h = scores.softmax(-1) @ v
        ctx = (self.cross_q(h) @ memory.transpose(1, 2) * self.scale).softmax(-1) @ memory
        return self.out(torch.cat([h, ctx], dim=-1))


class Seq2Seq(nn.Module):
    def __init__(self, vocab=14, dim=16):
        super().__init__()
        self.src_embed = nn.Embedding(vocab, dim)
        self.encoder = nn.GRU(dim, dim, batch_first=True)
        self.decoder = IncrementalDecoder(vocab, dim)

    def encode(self, src):
        return self.encoder(self.src_embed(src))[0]

    def forward(self, src, prev_tokens):
        return self.decoder(prev_tokens, self.encode(src))


def reorder_incremental_state(state, new_order):
    """Recursively index_select every tensor of a (nested) incremental state."""
    if torch.is_tensor(state):
        return state.index_select(0, new_order)
    if isinstance(state, dict):
        return {k: reorder_incremental_state(v, new_order) for k, v in state.items()}
    if isinstance(state, (list, tuple)):
        return type(state)(reorder_incremental_state(v, new_order) for v in state)
    return state
