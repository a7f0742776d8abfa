"""Frozen feature extractors, built once per process and shared by every probing run."""
from collections import OrderedDict

import torch
import torch.nn as nn


def _conv_stage(cin, cout):
    return nn.Sequential(nn.Conv2d(cin, cout, 3, padding=1), nn.BatchNorm2d(cout), nn.ReLU(), nn.MaxPool2d(2))


def _build_small_cnn():
    torch.manual_seed(1234)
    net = nn.Sequential(OrderedDict(
        stem=_conv_stage(3, 8),
        stage1=_conv_stage(8, 16),
        stage2=_conv_stage(16, 32),
        pool=nn.AdaptiveAvgPool2d(1),
    ))
    net.eval()
    for p in net.parameters():
        p.requires_grad_(False)
    return net


_BACKBONES = {"small_cnn": _build_small_cnn()}


def get_backbone(name):
    return _BACKBONES[name]


def feature_dims(name):
    return {"small_cnn": {"stem": 8, "stage1": 16, "stage2": 32}}[name]
