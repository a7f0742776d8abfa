"""Small 1-D conv networks for speech enhancement."""
import torch
import torch.nn as nn
from torch.nn.utils import weight_norm


def wn_conv(cin, cout, k, stride=1):
    return weight_norm(nn.Conv1d(cin, cout, k, stride=stride, padding=k // 2))


class FeatureNet(nn.Module):
    """Stand-in for a pretrained acoustic classifier (weight-normalised convs)."""

    def __init__(self, channels=(1, 8, 16, 16)):
        super().__init__()
        self.blocks = nn.ModuleList(
            wn_conv(cin, cout, 5, stride=2) for cin, cout in zip(channels[:-1], channels[1:]))

    def forward(self, wave):
        feats = []
        x = wave.unsqueeze(1)
        for block in self.blocks:
            x = torch.nn.functional.leaky_relu(block(x), 0.2)
            feats.append(x)
        return feats


class MaskEnhancer(nn.Module):
    def __init__(self, hidden=16):
        super().__init__()
        self.net = nn.Sequential(
            nn.Conv1d(1, hidden, 9, padding=4), nn.PReLU(),
            nn.Conv1d(hidden, hidden, 9, padding=4), nn.PReLU(),
            nn.Conv1d(hidden, 1, 1), nn.Sigmoid())

    def forward(self, noisy):
        return noisy * self.net(noisy.unsqueeze(1)).squeeze(1)
