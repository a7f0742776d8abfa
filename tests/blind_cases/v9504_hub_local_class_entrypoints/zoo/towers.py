"""Model definitions published in the local model zoo."""
import torch
import torch.nn as nn


class TwoTower(nn.Module):
    def __init__(self, num_users=500, num_items=800, dim=16, hidden=32):
        super().__init__()
        self.user = nn.Sequential(nn.Embedding(num_users, dim), nn.Linear(dim, hidden), nn.ReLU())
        self.item = nn.Sequential(nn.Embedding(num_items, dim), nn.Linear(dim, hidden), nn.ReLU())

    def forward(self, users, items):
        return (self.user(users) * self.item(items)).sum(-1)


class WideDeep(nn.Module):
    def __init__(self, num_users=500, num_items=800, dim=16, hidden=32):
        super().__init__()
        self.wide_user = nn.Embedding(num_users, 1)
        self.wide_item = nn.Embedding(num_items, 1)
        self.user = nn.Embedding(num_users, dim)
        self.item = nn.Embedding(num_items, dim)
        self.deep = nn.Sequential(nn.Linear(2 * dim, hidden), nn.ReLU(), nn.Linear(hidden, 1))

    def forward(self, users, items):
        wide = self.wide_user(users) + self.wide_item(items)
        deep = self.deep(torch.cat([self.user(users), self.item(items)], dim=-1))
        return (wide + deep).squeeze(-1)
