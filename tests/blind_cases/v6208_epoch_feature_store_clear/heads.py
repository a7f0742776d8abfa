"""Task heads that pull the shared encoder features from the process-wide store."""
import torch.nn as nn
import torch.nn.functional as F

from store import SHARED_FEATURES


class ClassifierHead(nn.Module):
    def __init__(self, dim, num_classes):
        super().__init__()
        self.fc = nn.Linear(dim, num_classes)

    def loss(self, key, encoder, x, y):
        feats = SHARED_FEATURES.get_or_compute(key, lambda: encoder(x))
        return F.cross_entropy(self.fc(feats), y)


class ReconstructionHead(nn.Module):
    def __init__(self, dim, in_dim):
        super().__init__()
        self.dec = nn.Sequential(nn.Linear(dim, dim), nn.ReLU(), nn.Linear(dim, in_dim))

    def loss(self, key, encoder, x):
        feats = SHARED_FEATURES.get_or_compute(key, lambda: encoder(x))
        return F.mse_loss(self.dec(feats), x)
