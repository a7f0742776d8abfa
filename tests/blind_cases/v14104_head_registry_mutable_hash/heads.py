"""Cosine classifier head whose class set grows with every task."""
import torch
import torch.nn as nn
import torch.nn.functional as F


class IncrementalCosineHead(nn.Module):
    """Heads compare equal when they serve the same label space, so the exporter
    never ships two copies of one head from different ensemble members."""

    def __init__(self, name, in_dim, scale=10.0):
        super().__init__()
        self.name = name
        self.in_dim = in_dim
        self.scale = scale
        self.classes = ()
        self.weight = nn.Parameter(torch.empty(0, in_dim))

    def _key(self):
        return (self.name, self.classes)

    def __eq__(self, other):
        return isinstance(other, IncrementalCosineHead) and self._key() == other._key()

    def __hash__(self):
        return hash(self._key())

    @torch.no_grad()
    def imprint(self, new_classes, feats, labels):
        rows = [F.normalize(feats[labels == c].mean(0), dim=0) for c in new_classes]
        self.weight = nn.Parameter(torch.cat([self.weight.detach(), torch.stack(rows)]))
        self.classes = self.classes + tuple(new_classes)

    def forward(self, feats):
        return self.scale * F.normalize(feats, dim=1) @ F.normalize(self.weight, dim=1).t()
