"""Unimodal classifiers (pretrained separately); fusion reuses them up to their pooling layer."""
import torch.nn as nn


class AudioNet(nn.Module):
    def __init__(self, n_mels=16, dim=24, n_classes=5):
        super().__init__()
        self.features = nn.Sequential(nn.Conv1d(n_mels, dim, 3, padding=1), nn.ReLU())
        self.pool = nn.Sequential(nn.AdaptiveAvgPool1d(1), nn.Flatten())
        self.fc = nn.Linear(dim, n_classes)

    def forward(self, x):
        return self.fc(self.pool(self.features(x)))


class ImageNet(nn.Module):
    def __init__(self, dim=24, n_classes=5):
        super().__init__()
        self.features = nn.Sequential(nn.Conv2d(3, dim, 3, padding=1), nn.ReLU())
        self.pool = nn.Sequential(nn.AdaptiveAvgPool2d(1), nn.Flatten())
        self.fc = nn.Linear(dim, n_classes)

    def forward(self, x):
        return self.fc(self.pool(self.features(x)))


class TextNet(nn.Module):
    def __init__(self, vocab=100, dim=24, n_classes=5):
        super().__init__()
        self.embed = nn.EmbeddingBag(vocab, dim, mode="mean")
        self.pool = nn.Identity()
        self.fc = nn.Linear(dim, n_classes)

    def forward(self, tokens):
        return self.fc(self.pool(self.embed(tokens)))
