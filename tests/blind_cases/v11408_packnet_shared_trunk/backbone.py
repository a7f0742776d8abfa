"""Feature trunk loaded once per process and shared by every experiment that imports it."""
import torch
import torch.nn as nn

IN_DIM = 16
FEATURE_DIM = 48


def _load_trunk(seed=2024):
    g = torch.Generator().manual_seed(seed)
    trunk = nn.Sequential(nn.Linear(IN_DIM, FEATURE_DIM), nn.ReLU(),
                          nn.Linear(FEATURE_DIM, FEATURE_DIM), nn.ReLU())
    with torch.no_grad():
        for p in trunk.parameters():
            p.copy_(0.2 * torch.randn(p.shape, generator=g))
    return trunk


TRUNK = _load_trunk()
