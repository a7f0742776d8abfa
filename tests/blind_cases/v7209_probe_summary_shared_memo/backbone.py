"""Frozen feature extractor shared by every linear-probe variant."""
import torch
import torch.nn as nn


def _make_encoder():
    torch.manual_seed(42)
    enc = nn.Sequential(
        nn.Conv2d(1, 8, 3, padding=1), nn.ReLU(), nn.MaxPool2d(2),
        nn.Conv2d(8, 16, 3, padding=1), nn.ReLU(), nn.AdaptiveAvgPool2d(1), nn.Flatten())
    enc.requires_grad_(False)
    return enc.eval()


ENCODER = _make_encoder()
FEATURE_DIM = 16

# Modules that belong to the shared trunk rather than to a probe; they are
# left out of the per-probe summaries.
SHARED_MODULES = {ENCODER}
