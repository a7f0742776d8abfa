"""Encoder + linear head used by every fold."""
import torch.nn as nn


class Classifier(nn.Module):
    def __init__(self, in_dim, emb_dim, num_classes):
        super().__init__()
        self.encoder = nn.Sequential(nn.Linear(in_dim, 32), nn.ReLU(), nn.Linear(32, emb_dim))
        self.head = nn.Linear(emb_dim, num_classes)

    def forward(self, x):
        return self.head(self.encoder(x))
