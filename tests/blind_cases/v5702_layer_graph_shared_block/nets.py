"""Recurrent refinement classifier: one conv block applied n_iter times."""
import torch.nn as nn


class RefineNet(nn.Module):
    def __init__(self, in_ch=3, width=8, n_iter=3, n_classes=5):
        super().__init__()
        self.stem = nn.Sequential(nn.Conv2d(in_ch, width, 3, padding=1), nn.ReLU())
        self.refine = nn.Sequential(
            nn.Conv2d(width, width, 3, padding=1),
            nn.BatchNorm2d(width),
            nn.ReLU(),
        )
        self.pool = nn.AdaptiveAvgPool2d(1)
        self.head = nn.Linear(width, n_classes)
        self.n_iter = n_iter

    def forward(self, x):
        x = self.stem(x)
        for _ in range(self.n_iter):
            x = self.refine(x)
        return self.head(self.pool(x).flatten(1))
