"""User and item towers of a retrieval model."""
import torch
import torch.nn as nn
import torch.nn.functional as F


class Tower(nn.Module):
    def __init__(self, vocab, dim, out_dim):
        super().__init__()
        self.emb = nn.Embedding(vocab, dim)
        self.proj = nn.Sequential(nn.Linear(dim, dim), nn.ReLU(), nn.Linear(dim, out_dim))

    def forward(self, ids):
        return F.normalize(self.proj(self.emb(ids)), dim=-1)


class TwoTower(nn.Module):
    def __init__(self, user_vocab, item_vocab, dim=16, out_dim=8, temperature=0.1):
        super().__init__()
        self.user = Tower(user_vocab, dim, out_dim)
        self.item = Tower(item_vocab, dim, out_dim)
        self.temperature = temperature

    def forward(self, user_ids, item_ids):
        return self.user(user_ids) @ self.item(item_ids).t() / self.temperature
