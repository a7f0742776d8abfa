"""Pretrained multi-scale feature networks, loaded once per process and served by name."""
import torch
import torch.nn as nn


class MultiScaleFeatures(nn.Module):
    """Small stand-in for an ImageNet feature pyramid (three stages, stride 2 each)."""

    def __init__(self, widths=(8, 16, 32)):
        super().__init__()
        chans = (3,) + tuple(widths)
        self.stages = nn.ModuleList(
            nn.Sequential(nn.Conv2d(cin, cout, 3, stride=2, padding=1), nn.BatchNorm2d(cout), nn.ReLU())
            for cin, cout in zip(chans[:-1], chans[1:]))
        self.widths = list(widths)

    def forward(self, x):
        feats = []
        for stage in self.stages:
            x = stage(x)
            feats.append(x)
        return feats


def _load_pretrained(name):
    net = MultiScaleFeatures()
    with torch.no_grad():
        for p in net.parameters():
            p.copy_(torch.randn_like(p) * 0.2)
    return net.eval().requires_grad_(False)


_REGISTRY = {name: _load_pretrained(name) for name in ("efficientnet_lite0", "resnet18_tiny")}


def create_feature_network(name):
    if name not in _REGISTRY:
        raise KeyError(f"unknown feature network {name!r}")
    return _REGISTRY[name]
