"""User and item towers of a retrieval model."""
import torch
import torch.nn as nn
import torch.nn.functional as F


class Tower(nn.Module):
    def __init__(self, vocab, dim, out_dim):
        super().__init__()
        self.bag = nn.EmbeddingBag(vocab, dim, mode="mean")
        self.proj = nn.Sequential(nn.Linear(dim, dim), nn.ReLU(), nn.Linear(dim, out_dim))

    def forward(self, ids, offsets):
        return F.normalize(self.proj(self.bag(ids, offsets)), dim=-1)


class TwoTower(nn.Module):
    def __init__(self, user_vocab, item_vocab, dim=16, out_dim=8, temperature=0.1):
        super().__init__()
        self.user = Tower(user_vocab, dim, out_dim)
        self.item = Tower(item_vocab, dim, out_dim)
        self.temperature = temperature

    def score(self, user_ids, user_offsets, item_ids):
        u = self.user(user_ids, user_offsets)
        v = self.item(item_ids, torch.arange(item_ids.numel()))
        return u @ v.t() / self.temperature
