"""Frozen convolutional backbone with linear probes attached at intermediate stages."""
import torch
import torch.nn as nn

from taps import check_features, tap_of, tapped


def conv_stage(cin, cout):
    return nn.Sequential(nn.Conv2d(cin, cout, 3, padding=1), nn.BatchNorm2d(cout), nn.ReLU(), nn.MaxPool2d(2))


class Backbone(nn.Module):
    def __init__(self, widths=(8, 16, 32)):
        super().__init__()
        chans = (3,) + tuple(widths)
        self.stages = nn.ModuleList(conv_stage(a, b) for a, b in zip(chans[:-1], chans[1:]))
        self.widths = widths

    def freeze(self):
        self.eval()
        for p in self.parameters():
            p.requires_grad_(False)
        return self

    @torch.no_grad()
    def run_until(self, stage, x):
        for block in self.stages:
            x = block(x)
            if block is stage:
                return x.mean(dim=(2, 3))
        raise KeyError("stage is not part of this backbone")


class LinearProbe(nn.Module):
    def __init__(self, backbone, stage_idx, num_classes):
        super().__init__()
        stage = backbone.stages[stage_idx]
        self.input_spec = tapped(stage, backbone.widths[stage_idx])
        self.norm = nn.LayerNorm(backbone.widths[stage_idx])
        self.fc = nn.Linear(backbone.widths[stage_idx], num_classes)

    def forward(self, backbone, images):
        feats = backbone.run_until(tap_of(self.input_spec).stage, images)
        return self.fc(self.norm(check_features(self.input_spec, feats)))
