"""Multi-head network for task-incremental learning."""
import torch
import torch.nn as nn


class Backbone(nn.Module):
    def __init__(self, in_dim, hidden):
        super().__init__()
        self.net = nn.Sequential(nn.Linear(in_dim, hidden), nn.ReLU(), nn.Linear(hidden, hidden), nn.ReLU())

    def forward(self, x):
        return self.net(x)


class MultiHeadNet(nn.Module):
    def __init__(self, in_dim, hidden=32):
        super().__init__()
        self.hidden = hidden
        self.backbone = Backbone(in_dim, hidden)
        self.heads = nn.ModuleList()

    def add_head(self, n_classes):
        self.heads.append(nn.Linear(self.hidden, n_classes))

    def forward(self, x):
        feats = self.backbone(x)
        return [head(feats) for head in self.heads]
