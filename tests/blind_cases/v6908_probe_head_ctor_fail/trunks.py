"""Frozen feature extractors shared by every probe in the process."""
import torch
import torch.nn as nn


def _make_trunk():
    torch.manual_seed(1234)
    trunk = nn.Sequential()
    trunk.add_module("stem", nn.Sequential(nn.Conv2d(3, 8, 3, padding=1), nn.ReLU()))
    trunk.add_module("stage1", nn.Sequential(nn.Conv2d(8, 12, 3, stride=2, padding=1), nn.ReLU()))
    trunk.add_module("stage2", nn.Sequential(nn.Conv2d(12, 16, 3, stride=2, padding=1), nn.ReLU()))
    trunk.add_module("stage3", nn.Sequential(nn.Conv2d(16, 24, 3, stride=2, padding=1), nn.ReLU()))
    trunk.requires_grad_(False)
    return trunk.eval()


TRUNK = _make_trunk()
