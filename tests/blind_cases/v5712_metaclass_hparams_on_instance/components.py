"""Registered forecasting components."""
import torch.nn as nn

from registry import Component


class ConvEncoder(Component):
    key = "conv_encoder"

    def __init__(self, channels, width, kernel=3, layers=2):
        super().__init__()
        blocks, c = [], channels
        for _ in range(layers):
            blocks += [nn.Conv1d(c, width, kernel, padding=kernel // 2), nn.ReLU()]
            c = width
        self.body = nn.Sequential(*blocks)
        self.width = width

    def forward(self, x):
        return self.body(x).mean(-1)


class Forecaster(Component):
    key = "forecaster"

    def __init__(self, encoder, horizon, residual_scale=1.0):
        super().__init__()
        self.encoder = encoder
        self.proj = nn.Linear(encoder.width, horizon)
        self.residual_scale = residual_scale

    def forward(self, x):
        return self.residual_scale * self.proj(self.encoder(x))
