"""Decoder that always runs on right-padded, fixed-size inputs."""
import torch.nn as nn


class PaddedDecoder(nn.Module):
    def __init__(self, vocab=60, dim=32, heads=4, max_len=64):
        super().__init__()
        self.heads = heads
        self.tok = nn.Embedding(vocab, dim)
        self.pos = nn.Embedding(max_len, dim)
        self.attn = nn.MultiheadAttention(dim, heads, batch_first=True)
        self.ff = nn.Sequential(nn.Linear(dim, 2 * dim), nn.GELU(), nn.Linear(2 * dim, dim))
        self.head = nn.Linear(dim, vocab)

    def forward(self, ids, causal_mask, positions):
        h = self.tok(ids) + self.pos(positions)
        a, _ = self.attn(h, h, h, attn_mask=~causal_mask, need_weights=False)
        h = h + a
        return self.head(h + self.ff(h))
