import torch
import torch.nn as nn


class SpectrogramNet(nn.Module):
    def __init__(self, n_mels=16, n_classes=4, width=8):
        super().__init__()
        self.conv = nn.Conv1d(n_mels, width, kernel_size=3, padding=1)
        self.norm = nn.BatchNorm1d(width)
        self.head = nn.Linear(width, n_classes)

    def forward(self, x):
        h = torch.relu(self.norm(self.conv(x)))
        return self.head(h.mean(dim=-1))
