"""Architectures that can be published to the model hub."""
import torch
import torch.nn as nn


class TwoTower(nn.Module):
    def __init__(self, num_users, num_items, dim):
        super().__init__()
        self.user = nn.Embedding(num_users, dim)
        self.item = nn.Embedding(num_items, dim)
        self.temperature = nn.Parameter(torch.tensor(0.1))

    def forward(self, users, items):
        return (self.user(users) * self.item(items)).sum(-1) / self.temperature


ARCHITECTURES = {"two_tower": TwoTower}
